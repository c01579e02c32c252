import { useNavigate } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { useAuthStore } from '../features/auth/auth.store';

/** Signs out and returns to the landing page. */
export function useLogout() {
  const navigate = useNavigate();
  const reset = useAuthStore((s) => s.reset);
  return async () => {
    reset();
    navigate(ROUTES.home);
  };
}
