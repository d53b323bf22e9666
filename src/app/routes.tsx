import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { lazy, Suspense } from 'react';
import { lazyScreen } from '../lib/chunk-load';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../shell/PageLoading';
import { ChatInboxPage, HomePage } from './component-registry';
import { Unlisted, useServerScreens } from './server-screens';

// Every screen loads on demand.
const ShellLayout = lazy(() => import('../shell/ShellLayout'));
const RegisterPage = lazy(() => import('../pages/RegisterPage'));
const CallbackPage = lazy(() => import('../pages/CallbackPage'));
const ErrorPage = lazy(() => import('../pages/ErrorPage'));
const ReportRoute = lazyScreen(() => import('../pages/report/ReportRoute'));
const CallPopup = lazyScreen(() => import('../phone/pages/CallPopup'));
const CourtOrder = lazyScreen(() => import('../phone/pages/CourtOrder'));
const OrderPage = lazyScreen(() => import('../workorders/OrderPage'));
const PersonalCenterPage = lazyScreen(() => import('../pages/personal/PersonalCenterPage'));

/**
 * Spec section 2/4 navigation (/login itself is App.tsx's): /register, /callback, /403 and /404 need no token;
 * any other path without one goes to /login?to=<path> (Refine's login returns there);
 * with a token /login goes home and '/' is /index. The rest are the screens of the user's
 * route list from the server; a path outside it ends on /403 or /404.
 */
export function AppRoutes() {
  const screens = useServerScreens();
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route
          element={
            <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />} loading={<PageLoading />}>
              <ShellLayout />
            </Authenticated>
          }
        >
          <Route index element={<Navigate to="/index" replace />} />
          <Route path="/index" element={<HomePage />} />
          {screens.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
          {/* Every report by id, where a drill-down opens a report no menu places (report-list.ts reportPath). */}
          <Route path="/reports/:id" element={<ReportRoute />} />
          {/* Opened by the phone bar on a call (spec section 2), whatever the user's menus hold. */}
          <Route path="/popup/index" element={<CallPopup />} />
          <Route path="/workorder/courtOrder" element={<CourtOrder />} />
          {/* One work order, opened from a list, a pop-up or a notice; the server decides who may read it. */}
          <Route path="/workorder/order/:id" element={<OrderPage />} />
          {/* The chat screen (spec: route name im, opened by a chat notification; the path is ours), also without its menu item. */}
          <Route path="/im" element={<ChatInboxPage />} />
          {/* Every user's own account (spec section 2: opened from the avatar menu), whatever their menus hold. */}
          <Route path="/setting/personalCenter" element={<PersonalCenterPage />} />
          <Route path="*" element={<Unlisted />} />
        </Route>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/callback" element={<CallbackPage />} />
        <Route path="/403" element={<ErrorPage status="403" />} />
        <Route path="/404" element={<ErrorPage status="404" />} />
      </Routes>
    </Suspense>
  );
}
