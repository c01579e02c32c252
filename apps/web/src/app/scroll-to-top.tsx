import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** New pages start at the top; back/forward keep the browser's own restoration. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
