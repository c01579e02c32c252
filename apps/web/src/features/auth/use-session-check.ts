import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle';
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
    // After the page's first screen: the check is not what the visitor waits for.
    const cancel = whenIdle(
      () =>
        void Promise.all([import('./api/auth.api'), import('../../lib/api-client')]).then(
          ([{ fetchSession }, { ApiRequestError }]) =>
            fetchSession(controller.signal)
              .then(setAuthenticated)
              .catch((error: unknown) => {
                if (error instanceof ApiRequestError && error.status === 401) reset();
              }),
        ),
    );
    return () => {
      cancel();
      controller.abort();
    };
  }, []);
}
