import { useEffect } from 'react';
import { documentTitle } from '@baegen/shared';

/**
 * Names the tab after the page's heading, so history and tabs tell the pages apart; null while a
 * view drawn over the page (the media viewer) names it.
 */
export function usePageTitle(heading: string | null) {
  useEffect(() => {
    if (heading !== null) document.title = documentTitle(heading);
  }, [heading]);
}
