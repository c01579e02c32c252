import { QueryClientProvider } from '@tanstack/react-query';
import { useAuthStore } from '../features/auth/auth.store';
import { GenerationIndicator, forgetGenerations } from '../features/generations';
import { queryClient } from '../lib/query-client';

useAuthStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) forgetGenerations(queryClient);
});

/**
 * Mounted by the header while signed in, loaded on demand so the landing page's first load stays
 * lean. The indicator holds the tab's one event stream: signing out unmounts it and closes the
 * stream, and the signed-out user's jobs leave the cache.
 */
export function GenerationIndicatorSlot() {
  return (
    <QueryClientProvider client={queryClient}>
      <GenerationIndicator />
    </QueryClientProvider>
  );
}
