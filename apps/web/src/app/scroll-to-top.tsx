import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The viewer (/media/:id, not /media/new) is drawn over the gallery, which keeps its scroll. */
const MEDIA_VIEWER = /^\/media\/(?!new(?:\/|$))[^/]+\/?$/;

/** New pages start at the top; back/forward keep the browser's own restoration. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const page = MEDIA_VIEWER.test(pathname) ? '/media' : pathname;
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);
  return null;
}
