import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { useAuthStore } from '../features/auth/auth.store';

/** Protected routes: signed-out visitors go to /login. */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
