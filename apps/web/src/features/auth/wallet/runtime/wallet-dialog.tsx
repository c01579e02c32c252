import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { ChevronDown, ExternalLink, Wallet as WalletGlyph, X } from 'lucide-react';
import type { Wallet } from '@wallet-standard/base';
import { MESSAGES, WALLET_DIALOG_FADE_MS, WALLET_DIRECTORY_URL } from '@baegen/shared';
import { cn } from '../../../../lib/cn';
import { keepTabInside } from '../../../../lib/focus-trap';
import { isDetected } from './standard-wallets';
import { useWalletState } from './wallet-context';
import { WalletIcon } from './wallet-icon';

/** Our dialog of docs/product.md §2.4 (texts and theme), shown while the wallet state says it is open. */
export function WalletDialogHost() {
  const { dialogOpen } = useWalletState();
  return dialogOpen ? <WalletDialog /> : null;
}

/** Installed wallets first; the rest only behind "More options" (or listed when none is installed). */
export function partitionWallets(wallets: Wallet[]): { listed: Wallet[]; more: Wallet[] } {
  const installed = wallets.filter(isDetected);
  const others = wallets.filter((w) => !isDetected(w));
  return installed.length ? { listed: installed, more: others } : { listed: others, more: [] };
}

function WalletRow({
  wallet,
  onSelect,
  tabIndex,
}: {
  wallet: Wallet;
  onSelect: (name: string) => void;
  tabIndex?: number;
}) {
  return (
    <li>
      <button
        type="button"
        tabIndex={tabIndex}
        onClick={() => onSelect(wallet.name)}
        className="flex w-full items-center gap-3 rounded-xl border border-transparent px-3 py-3 text-left font-semibold text-ink-100 transition hover:border-ink-600 hover:bg-ink-800 focus-visible:bg-ink-800"
      >
        <WalletIcon wallet={wallet} className="size-8 rounded-lg" />
        <span className="min-w-0 flex-1 truncate">{wallet.name}</span>
        {isDetected(wallet) ? (
          <span className="text-xs font-medium text-rose-glow">{MESSAGES.wallet.detected}</span>
        ) : null}
      </button>
    </li>
  );
}

export function WalletDialog() {
  const titleId = useId();
  const moreId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { wallets, select, setDialogOpen: setVisible } = useWalletState();
  // Fades in once mounted and out on close; closing wins over a late first frame.
  const [entered, setEntered] = useState(false);
  const [closing, setClosing] = useState(false);
  const shown = entered && !closing;
  const [expanded, setExpanded] = useState(false);
  const { listed, more } = useMemo(() => partitionWallets(wallets), [wallets]);
  const hasWallets = listed.length > 0;

  const hide = useCallback(() => {
    setClosing(true);
    setTimeout(() => setVisible(false), WALLET_DIALOG_FADE_MS);
  }, [setVisible]);

  const choose = useCallback(
    (name: string) => {
      select(name);
      hide();
    },
    [select, hide],
  );

  useLayoutEffect(() => {
    const returnFocusTo = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const frame = requestAnimationFrame(() => setEntered(true));
    panelRef.current?.querySelector<HTMLElement>('ul button, a, button')?.focus();
    return () => {
      cancelAnimationFrame(frame);
      document.body.style.overflow = overflow;
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [hide]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => keepTabInside(event, panelRef.current);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="wallet-dialog"
      onKeyDown={trapTab}
      style={{ transitionDuration: `${WALLET_DIALOG_FADE_MS}ms` }}
      className={cn(
        'fixed inset-0 z-50 flex items-end justify-center p-2 transition-opacity ease-linear sm:items-center sm:p-6',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    >
      <div className="absolute inset-0 bg-ink-950/80 backdrop-blur-sm" aria-hidden onMouseDown={hide} />
      <div
        ref={panelRef}
        className="card relative max-h-[90dvh] w-full max-w-sm overflow-y-auto bg-ink-900 p-4 shadow-glow sm:p-6"
      >
        <button
          type="button"
          onClick={hide}
          aria-label={MESSAGES.wallet.close}
          className="absolute top-3 right-3 rounded-full p-2 text-ink-400 hover:bg-ink-800 hover:text-ink-100"
        >
          <X className="size-4" aria-hidden />
        </button>
        <h2 id={titleId} className="px-6 text-center text-xl leading-snug font-bold">
          {hasWallets ? MESSAGES.wallet.dialogTitleWithWallets : MESSAGES.wallet.dialogTitleNoWallets}
        </h2>
        {hasWallets ? (
          <>
            <ul className="mt-6 space-y-1">
              {listed.map((wallet) => (
                <WalletRow key={wallet.name} wallet={wallet} onSelect={choose} />
              ))}
            </ul>
            {more.length ? (
              <>
                <ul id={moreId} hidden={!expanded} className="mt-1 space-y-1">
                  {more.map((wallet) => (
                    <WalletRow key={wallet.name} wallet={wallet} onSelect={choose} />
                  ))}
                </ul>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={moreId}
                  onClick={() => setExpanded((value) => !value)}
                  className="mt-3 flex w-full items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-ink-300 hover:bg-ink-800 hover:text-ink-100"
                >
                  {MESSAGES.wallet.moreOptions}
                  <ChevronDown className={cn('size-4 transition', expanded && 'rotate-180')} aria-hidden />
                </button>
              </>
            ) : null}
          </>
        ) : (
          <div className="mt-6 flex flex-col items-center gap-4 text-center">
            <span className="bg-gradient-brand grid size-16 place-items-center rounded-2xl shadow-glow">
              <WalletGlyph className="size-8 text-white" aria-hidden />
            </span>
            <p className="text-ink-300">{MESSAGES.wallet.noWalletFound}</p>
            <a
              href={WALLET_DIRECTORY_URL}
              target="_blank"
              rel="noreferrer"
              className="bg-gradient-brand inline-flex h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold text-white shadow-glow hover:brightness-110"
            >
              {MESSAGES.wallet.findWallet}
              <ExternalLink className="size-4" aria-hidden />
            </a>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
