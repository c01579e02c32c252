import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '@baegen/shared';

/** Keeps the tab's title on the current page's heading, so history and tabs tell the pages apart. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}
