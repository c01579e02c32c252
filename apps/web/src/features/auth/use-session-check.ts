import { useEffect } from 'react';
import { useAuthStore } from './auth.store';

/**
 * Keeps the persisted auth state honest: on page load a signed-in store asks the server whether the
 * session still exists, and any 401 from the API signs the store out. The API client loads on
 * demand, so the landing page's first load does not carry it.
 */
export function useSessionCheck() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/api-client').then(({ onUnauthorized }) => {
      if (!cancelled) stop = onUnauthorized(() => useAuthStore.getState().reset());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

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
