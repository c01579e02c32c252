import { Outlet, useLocation } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { cn } from '../lib/cn';
import { Footer } from './footer';
import { Header } from './header';
import { LoadErrorBoundary, PageLoadFailed } from './load-error-boundary';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

const MAIN_ID = 'main';

/** The shared layout: fixed header, page, footer. The landing page runs full width. */
export function Layout() {
  const { pathname } = useLocation();
  const fullWidth = pathname === ROUTES.home;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_ID} />
      <ScrollToTop />
      <Header />
      {/* At least a screen tall: pages load their content in steps, and a footer already on
          screen would be pushed down by each step (layout shift). */}
      <main
        id={MAIN_ID}
        // Focusable from the skip link only, and drawn without a ring: it is the page, not a control.
        tabIndex={-1}
        className={cn(
          'min-h-dvh flex-1 focus:outline-none',
          fullWidth ? '' : 'mx-auto w-full max-w-7xl px-4 pt-24 pb-16 sm:px-6 lg:px-8',
        )}
      >
        <LoadErrorBoundary fallback={<PageLoadFailed />} resetKey={pathname}>
          <Outlet />
        </LoadErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
