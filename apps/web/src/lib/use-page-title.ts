import { useEffect } from 'react';
import { documentTitle } from '@baegen/shared';

/** Names the tab after the page's heading, so history and tabs tell the pages apart. */
export function usePageTitle(heading: string) {
  useEffect(() => {
    document.title = documentTitle(heading);
  }, [heading]);
}
