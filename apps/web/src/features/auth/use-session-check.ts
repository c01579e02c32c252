import { useEffect } from 'react';
import { ApiRequestError, onUnauthorized } from '../../lib/api-client';
import { fetchSession } from './api/auth.api';
import { useAuthStore } from './auth.store';

/**
 * Keeps the persisted auth state honest: on page load a signed-in store asks the server whether the
 * session still exists, and any 401 from the API signs the store out.
 */
export function useSessionCheck() {
  useEffect(() => onUnauthorized(() => useAuthStore.getState().reset()), []);

  useEffect(() => {
    const { isAuthenticated, setAuthenticated, reset } = useAuthStore.getState();
    if (!isAuthenticated) return;
    const controller = new AbortController();
    fetchSession(controller.signal)
      .then(setAuthenticated)
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) reset();
      });
    return () => controller.abort();
  }, []);
}
