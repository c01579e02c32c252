import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown, Copy, LogOut, Repeat } from 'lucide-react';
import { COPIED_LABEL_MS, MESSAGES, shortenAddress } from '@baegen/shared';
import { Button } from '../../../../components/ui/button';
import { useWalletState } from './wallet-context';
import { WalletIcon } from './wallet-icon';

const labels = MESSAGES.wallet.labels;

export type WalletButtonState = 'no-wallet' | 'has-wallet' | 'connecting' | 'connected' | 'disconnecting';

/** The button states of docs/product.md §4.2, in the order the wallet state reports them. */
export function walletButtonState(flags: {
  connecting: boolean;
  connected: boolean;
  disconnecting: boolean;
  hasWallet: boolean;
}): WalletButtonState {
  if (flags.connecting) return 'connecting';
  if (flags.connected) return 'connected';
  if (flags.disconnecting) return 'disconnecting';
  return flags.hasWallet ? 'has-wallet' : 'no-wallet';
}

/**
 * Select Wallet → dialog; Connect → the chosen wallet; connected → our short address with a menu
 * (Copy address, Change wallet, Disconnect). Replaces react-ui's multi button, whose address uses
 * two dots and whose menu items cannot be reached by keyboard.
 */
export function WalletButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const {
    wallet,
    account,
    connect,
    connecting,
    disconnect,
    disconnecting,
    setDialogOpen: setVisible,
  } = useWalletState();
  const connected = !!account;
  const [menuOpen, setMenuOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const state = walletButtonState({ connecting, connected, disconnecting, hasWallet: !!wallet });
  const address = account?.address;

  // The slot's placeholder had focus (a keyboard visitor loaded the wallet code): keep it here.
  useLayoutEffect(() => {
    const slot = rootRef.current?.parentElement;
    if (slot && document.activeElement !== document.body && slot.contains(document.activeElement)) {
      buttonRef.current?.focus();
    }
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onClick = () => {
    if (state === 'no-wallet') setVisible(true);
    // Connection errors reach WalletProvider's onError, which logs them.
    else if (state === 'has-wallet') void connect();
    else if (state === 'connected') setMenuOpen((open) => !open);
  };

  const content =
    state === 'connected' && address
      ? shortenAddress(address)
      : state === 'connecting'
        ? labels.connecting
        : state === 'has-wallet'
          ? labels.hasWallet
          : labels.noWallet;

  const closeMenu = () => setMenuOpen(false);
  // The copy item's label changes to "Copied"; its stable id keeps the focused button in place.
  const menuItems = (connectedAddress: string) => [
    {
      id: 'copy',
      icon: Copy,
      label: copied ? labels.copied : labels.copyAddress,
      onSelect: () => {
        navigator.clipboard
          .writeText(connectedAddress)
          .then(() => setCopied(true))
          .catch((error: unknown) => console.error('Could not copy the address:', error));
      },
    },
    {
      id: 'change',
      icon: Repeat,
      label: labels.changeWallet,
      onSelect: () => {
        closeMenu();
        setVisible(true);
      },
    },
    {
      id: 'disconnect',
      icon: LogOut,
      label: labels.disconnect,
      onSelect: () => {
        closeMenu();
        // Disconnection errors reach WalletProvider's onError, which logs them.
        void disconnect();
      },
    },
  ];

  const itemClass =
    'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-ink-100 hover:bg-ink-800 focus-visible:bg-ink-800';

  return (
    <div ref={rootRef} className="relative inline-flex" data-testid="wallet-button">
      <Button
        ref={buttonRef}
        size={size}
        variant={state === 'connected' ? 'secondary' : 'primary'}
        loading={state === 'connecting'}
        onClick={onClick}
        aria-haspopup={state === 'connected' ? 'menu' : undefined}
        aria-expanded={state === 'connected' ? menuOpen : undefined}
        aria-controls={menuOpen ? menuId : undefined}
        title={state === 'connected' ? address : undefined}
        className={state === 'connected' ? 'font-mono' : undefined}
      >
        {/* The wallet's own picture stands where the button's icon goes; the spinner replaces it. */}
        {wallet && state !== 'connecting' ? (
          <WalletIcon wallet={wallet} className="size-4 rounded" aria-hidden alt="" />
        ) : null}
        {content}
        {state === 'connected' ? <ChevronDown className="size-3.5 opacity-70" aria-hidden /> : null}
      </Button>
      {menuOpen && address ? (
        <div
          id={menuId}
          role="menu"
          aria-label={shortenAddress(address)}
          className="card absolute top-full left-0 z-50 mt-2 w-max min-w-full bg-ink-900 p-1.5 shadow-glow"
        >
          {menuItems(address).map(({ id, icon: Icon, label, onSelect }) => (
            <button key={id} type="button" role="menuitem" className={itemClass} onClick={onSelect}>
              <Icon className="size-4 text-ink-400" aria-hidden />
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
