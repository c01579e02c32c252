import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useSignOutOnUnauthorized } from '../features/auth/use-sign-out-on-unauthorized';
import { queryClient } from '../lib/query-client';

/**
 * Wraps the signed-in pages (and the login page). Loaded on demand so the landing page does not pay
 * for TanStack Query or the API client; a 401 from any of their calls signs the store out.
 */
export function ProtectedShell() {
  useSignOutOnUnauthorized();
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
