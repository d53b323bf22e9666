import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../pages/login/LoginPage';
import { PageLoading } from '../shell/PageLoading';

// Only the login page is in the first bundle; everything behind it loads on demand.
const ShellLayout = lazy(() => import('../shell/ShellLayout'));
const HomePage = lazy(() => import('../pages/home/HomePage'));
const RegisterPage = lazy(() => import('../pages/RegisterPage'));
const CallbackPage = lazy(() => import('../pages/CallbackPage'));
const ErrorPage = lazy(() => import('../pages/ErrorPage'));

/**
 * Spec section 2/4 navigation: /login, /register, /callback, /403 and /404 need no token;
 * any other path without one goes to /login?to=<path> (Refine's login returns there);
 * with a token /login goes home, '/' is /index, and unknown paths end on /404.
 */
export function AppRoutes() {
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
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
        <Route
          path="/login"
          element={
            <Authenticated key="login" fallback={<LoginPage />} loading={<PageLoading />}>
              <Navigate to="/index" replace />
            </Authenticated>
          }
        />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/callback" element={<CallbackPage />} />
        <Route path="/403" element={<ErrorPage status="403" />} />
        <Route path="/404" element={<ErrorPage status="404" />} />
      </Routes>
    </Suspense>
  );
}
