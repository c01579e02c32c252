import { useEffect, useState } from 'react';
import type { PublicConfig } from '@baegen/shared';
import { embeddedPublicConfig, loadPublicConfig } from './public-config';

/**
 * The server's public settings: at once when the page carries them, else once fetched. Plain state
 * rather than TanStack Query: the login page draws without waiting for the signed-in shell's code.
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const [data, setData] = useState(embeddedPublicConfig);
  useEffect(() => {
    if (embeddedPublicConfig()) return;
    let mounted = true;
    loadPublicConfig().then(
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
