import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { tokenStore } from '../lib/token';
import { LoginPage } from '../pages/login/LoginPage';
import { PageLoading } from '../shell/PageLoading';

/** Spec section 2: with a token /login goes home (where the console checks the token); without one, the login form. */
function LoginRoute() {
  return tokenStore.get() ? <Navigate to="/index" replace /> : <LoginPage />;
}

/**
 * The first split of every address: the login page, which needs neither Refine nor the
 * console's providers, and the console (`console`: App.tsx loads it on demand, tests give the
 * routes inside their own Refine), which sends an address without a session back to /login.
 */
export function FrameRoutes({ console: Console }: { console: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/*" element={<Console />} />
      </Routes>
    </Suspense>
  );
}
