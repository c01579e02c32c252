import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { useAuthStore } from '../features/auth/auth.store';
import { loginStateFor } from '../features/auth/return-path';

/** Protected routes: signed-out visitors go to /login, which brings them back here once signed in. */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={ROUTES.login} replace state={loginStateFor(location)} />;
  return <Outlet />;
}
