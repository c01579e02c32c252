import { useEffect, useState } from 'react';
import type { PublicConfig } from '@baegen/shared';

/**
 * The server's public settings (fetched once per page load by `fetchPublicConfig`). Plain state
 * rather than TanStack Query: the login page draws without waiting for the signed-in shell's code,
 * and the call, with its schema, loads after the page is on screen.
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const [data, setData] = useState<PublicConfig>();
  useEffect(() => {
    let mounted = true;
    import('./auth.api')
      .then(({ fetchPublicConfig }) => fetchPublicConfig())
      .then(
        (config) => {
          if (mounted) setData(config);
        },
        (error: unknown) => console.error('Could not load the public settings:', error),
      );
    return () => {
      mounted = false;
    };
  }, []);
  return { data };
}
