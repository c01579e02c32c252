import { lazy, useEffect, useRef, useState, type MouseEvent } from 'react';
import { LogOutIcon, MenuIcon, XIcon } from '../components/ui/icons';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../components/ui/link';
import { HEADER_OPAQUE_AFTER_PX, ROUTES, shortenAddress } from '@baegen/shared';
import { Button } from '../components/ui/button';
import { useAuthStore } from '../features/auth/auth.store';
import { useIdle } from '../lib/when-idle';
import { WalletSlot } from '../features/auth/wallet-slot';
import { cn } from '../lib/cn';
import { Logo } from './logo';
import { NAV_ITEMS, isNavActive } from './nav';
import { useLogout } from './use-logout';
import { useScrolled } from './use-scrolled';
import { OptionalPart } from './load-error-boundary';

const GenerationIndicator = lazy(async () => ({
  default: (await import('./generation-indicator-slot')).GenerationIndicatorSlot,
}));

export function Header() {
  const scrolled = useScrolled(HEADER_OPAQUE_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const walletAddress = useAuthStore((s) => s.walletAddress);
  // The indicator (its queries and event stream) waits for the browser's first idle period.
  const idle = useIdle();
  const logout = useLogout();

  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [pathname]);

  const onNavClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isAuthenticated) {
      event.preventDefault();
      navigate(ROUTES.login);
    }
  };

  const navLinks = (mobile: boolean) =>
    NAV_ITEMS.map((item) => {
      const active = isNavActive(item.to, pathname);
      return (
        <Link
          key={item.to}
          to={item.to}
          onClick={onNavClick}
          aria-current={active ? 'page' : undefined}
          className={cn(
            'rounded-full font-medium transition-colors',
            mobile ? 'block px-4 py-3 text-base' : 'px-4 py-2 text-sm',
            active ? 'bg-ink-800 text-rose-glow' : 'text-ink-300 hover:bg-ink-800/60 hover:text-ink-100',
          )}
        >
          {item.label}
        </Link>
      );
    });

  const account = isAuthenticated ? (
    <div className="flex items-center gap-2">
      <span
        className="rounded-full border border-ink-700 bg-ink-850 px-3 py-1.5 font-mono text-sm text-ink-100"
        title={walletAddress ?? undefined}
        data-testid="header-address"
      >
        {shortenAddress(walletAddress ?? '')}
      </span>
      <Button variant="secondary" size="sm" onClick={() => void logout()} icon={LogOutIcon}>
        Logout
      </Button>
    </div>
  ) : (
    <WalletSlot />
  );

  return (
    <>
      {menuOpen ? (
        // Under the header (z-40), over the page: a press anywhere outside the open menu closes it.
        <div className="fixed inset-0 z-30 md:hidden" aria-hidden onPointerDown={() => setMenuOpen(false)} />
      ) : null}
      <header
        data-testid="site-header"
        // An open menu closes on Escape, with focus back on its toggle.
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !menuOpen) return;
          setMenuOpen(false);
          toggleRef.current?.focus();
        }}
        data-opaque={scrolled || menuOpen ? 'true' : 'false'}
        className={cn(
          'fixed inset-x-0 top-0 z-40 transition-colors duration-300',
          scrolled || menuOpen
            ? 'border-b border-ink-800 bg-ink-950/95 shadow-lg shadow-black/30 backdrop-blur'
            : 'border-b border-transparent bg-transparent',
        )}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav className="hidden items-center gap-1 md:flex" aria-label="Main">
            {navLinks(false)}
          </nav>
          <div className="flex items-center gap-2">
            {isAuthenticated && idle ? (
              // The indicator is an extra: if its code cannot load, the header goes on without it.
              <OptionalPart>
                <GenerationIndicator />
              </OptionalPart>
            ) : null}
            <div className="hidden md:block">{account}</div>
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="rounded-full p-2 text-ink-100 hover:bg-ink-800 md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <XIcon className="size-6" aria-hidden />
            ) : (
              <MenuIcon className="size-6" aria-hidden />
            )}
          </button>
        </div>
        {menuOpen ? (
          <div
            id="mobile-menu"
            className="border-t border-ink-800 px-4 pb-4 md:hidden"
            data-testid="mobile-menu"
          >
            <nav className="flex flex-col gap-1 py-3" aria-label="Mobile">
              {navLinks(true)}
            </nav>
            <div className="border-t border-ink-800 pt-4">{account}</div>
          </div>
        ) : null}
      </header>
    </>
  );
}
