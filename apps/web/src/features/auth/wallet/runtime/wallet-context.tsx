import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { WALLET_STORAGE_KEY } from '@baegen/shared';
import { connectWallet, disconnectWallet, offeredWallets, onAccountsChange } from './standard-wallets';

export interface WalletState {
  /** The Solana wallets the dialog offers. */
  wallets: Wallet[];
  /** The chosen wallet, also before it is connected. */
  wallet: Wallet | null;
  /** Set while connected. */
  account: WalletAccount | null;
  connecting: boolean;
  disconnecting: boolean;
  /** Chooses a wallet and connects to it. */
  select: (name: string) => void;
  connect: () => Promise<void>;
  disconnect: () => Promise<void>;
  dialogOpen: boolean;
  setDialogOpen: (open: boolean) => void;
}

const WalletContext = createContext<WalletState | null>(null);

export function useWalletState(): WalletState {
  const state = useContext(WalletContext);
  if (!state) throw new Error('useWalletState needs a WalletProvider');
  return state;
}

/** Stored as JSON, the way wallet-adapter kept it, so a remembered wallet survives the switch. */
function readStoredName(): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(WALLET_STORAGE_KEY) ?? 'null');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function storeName(name: string | null): void {
  if (name === null) localStorage.removeItem(WALLET_STORAGE_KEY);
  else localStorage.setItem(WALLET_STORAGE_KEY, JSON.stringify(name));
}

function useRegisteredWallets(): Wallet[] {
  const [registered, setRegistered] = useState<readonly Wallet[]>(() => getWallets().get());
  useEffect(() => {
    const { get, on } = getWallets();
    const update = () => setRegistered(get());
    update();
    const offRegister = on('register', update);
    const offUnregister = on('unregister', update);
    return () => {
      offRegister();
      offUnregister();
    };
  }, []);
  return useMemo(() => offeredWallets(registered), [registered]);
}

/**
 * Talks to Wallet Standard wallets directly: remembers the chosen wallet under `walletName`,
 * reconnects it silently on the next visit (autoConnect), and follows its account changes.
 */
export function WalletProvider({
  children,
  onError,
}: {
  children: ReactNode;
  onError: (error: unknown) => void;
}) {
  const wallets = useRegisteredWallets();
  const [walletName, setWalletName] = useState(readStoredName);
  const [account, setAccount] = useState<WalletAccount | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  // A remembered wallet reconnects silently; one the visitor just picked asks for approval.
  const pending = useRef<'silent' | 'prompt' | null>(walletName ? 'silent' : null);
  const wallet = useMemo(() => wallets.find((w) => w.name === walletName) ?? null, [wallets, walletName]);

  const choose = useCallback((name: string | null) => {
    storeName(name);
    setWalletName(name);
    setAccount(null);
  }, []);

  const run = useCallback(
    async (target: Wallet, silent: boolean) => {
      setConnecting(true);
      try {
        const connected = await connectWallet(target, silent);
        if (!connected) throw new Error(`${target.name} has no account`);
        setAccount(connected);
      } catch (error) {
        choose(null);
        onError(error);
      } finally {
        setConnecting(false);
      }
    },
    [choose, onError],
  );

  useEffect(() => {
    if (!wallet || !pending.current) return;
    const silent = pending.current === 'silent';
    pending.current = null;
    void run(wallet, silent);
  }, [wallet, run]);

  useEffect(() => {
    if (!wallet) return;
    return onAccountsChange(wallet, (accounts) => {
      setAccount((current) => {
        if (!current) return current;
        return accounts.find((a) => a.address === current.address) ?? accounts[0] ?? null;
      });
      if (!accounts.length) choose(null);
    });
  }, [wallet, choose]);

  const disconnect = useCallback(async () => {
    if (!wallet) return;
    setDisconnecting(true);
    try {
      await disconnectWallet(wallet);
    } catch (error) {
      onError(error);
    } finally {
      choose(null);
      setDisconnecting(false);
    }
  }, [wallet, choose, onError]);

  const select = useCallback(
    (name: string) => {
      if (name === walletName) {
        if (wallet && !account) void run(wallet, false);
        return;
      }
      if (wallet && account) void disconnectWallet(wallet).catch(onError);
      pending.current = 'prompt';
      choose(name);
    },
    [walletName, wallet, account, run, choose, onError],
  );

  const connect = useCallback(async () => {
    if (wallet && !account) await run(wallet, false);
  }, [wallet, account, run]);

  const value = useMemo<WalletState>(
    () => ({
      wallets,
      wallet,
      account,
      connecting,
      disconnecting,
      select,
      connect,
      disconnect,
      dialogOpen,
      setDialogOpen,
    }),
    [wallets, wallet, account, connecting, disconnecting, select, connect, disconnect, dialogOpen],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
