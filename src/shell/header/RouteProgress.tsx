import { theme } from 'antd';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PROGRESS_SPEED, PROGRESS_TRICKLE, useRouteProgress } from './progress';

/**
 * The thin bar at the top of the window while a route's screen loads (theme setting
 * showProgressBar): it starts when the address changes, trickles forward every 200 ms, and
 * completes when the screen is shown (RouteShown, inside the screen's Suspense, says so).
 */
export function RouteProgress() {
  const { pathname } = useLocation();
  const { width, start, step, hide } = useRouteProgress();
  const { token } = theme.useToken();
  const { t } = useTranslation();
  // Before any screen's effects of the same change (RouteShown's done() is a passive effect).
  useLayoutEffect(() => start(), [pathname, start]);
  const running = width !== null && width < 1;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(step, PROGRESS_TRICKLE);
    return () => window.clearInterval(timer);
  }, [running, step]);
  useEffect(() => {
    if (width !== 1) return undefined;
    const timer = window.setTimeout(hide, PROGRESS_SPEED);
    return () => window.clearTimeout(timer);
  }, [width, hide]);
  if (width === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('header.pageLoading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width * 100)}
      data-testid="route-progress"
      style={{
        position: 'fixed', top: 0, left: 0, zIndex: 2000, height: 2, width: `${width * 100}%`,
        background: token.colorPrimary, opacity: width === 1 ? 0 : 1,
        transition: `width ${PROGRESS_SPEED}ms ease, opacity ${PROGRESS_SPEED}ms ease`, pointerEvents: 'none',
      }}
    />
  );
}

/** Placed beside the screen inside its Suspense: mounted (again) once the route's screen is shown. */
export function RouteShown() {
  const { pathname } = useLocation();
  const done = useRouteProgress((state) => state.done);
  useEffect(() => done(), [pathname, done]);
  return null;
}
