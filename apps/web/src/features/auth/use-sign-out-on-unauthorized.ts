import { useEffect } from 'react';
import { onUnauthorized } from '../../lib/api-client';
import { useAuthStore } from './auth.store';

/** Any 401 from the API signs the store out. Mounted with the pages that call the API. */
export function useSignOutOnUnauthorized() {
  useEffect(() => onUnauthorized(() => useAuthStore.getState().reset()), []);
}
