import { useEffect } from 'react';
import { useAuthStore } from './auth.store';

/**
 * Keeps the persisted auth state honest: on page load a signed-in store asks the server whether the
 * session still exists. The API client loads only then, so an anonymous first visit never pays
 * for it.
 */
export function useSessionCheck() {
  useEffect(() => {
    const { isAuthenticated, setAuthenticated, reset } = useAuthStore.getState();
    if (!isAuthenticated) return;
    const controller = new AbortController();
    void Promise.all([import('./api/auth.api'), import('../../lib/api-client')]).then(
      ([{ fetchSession }, { ApiRequestError }]) =>
        fetchSession(controller.signal)
          .then(setAuthenticated)
          .catch((error: unknown) => {
            if (error instanceof ApiRequestError && error.status === 401) reset();
          }),
    );
    return () => controller.abort();
  }, []);
}
