import type { ComponentType } from 'react';
import { create } from 'zustand';
import { WALLET_STORAGE_KEY } from '@baegen/shared';

/** The connected wallet as the rest of the app sees it. */
export interface WalletSnapshot {
  /** The chosen wallet's name, also before it is connected. */
  walletName: string | null;
  /** Set while connected. */
  address: string | null;
  /** Present while connected to a wallet that can sign messages; returns a base58 signature. */
  signMessage?: (message: string) => Promise<string>;
}

interface WalletBridgeState {
  /** idle: wallet code not requested; loading: chunk on its way; ready: the runtime is mounted. */
  status: 'idle' | 'loading' | 'ready';
  /** The lazily loaded runtime component, once its chunk has arrived. */
  Runtime: ComponentType | null;
  /** Open the wallet dialog as soon as the runtime is ready (the visitor clicked before it loaded). */
  openWhenReady: boolean;
  /** DOM nodes where the runtime renders a wallet button, by slot id. */
  slots: Record<string, HTMLElement>;
  wallet: WalletSnapshot;
  /** Set by the runtime while mounted. */
  openDialog: (() => void) | null;
  disconnect: (() => Promise<void>) | null;
}

const emptyWallet: WalletSnapshot = { walletName: null, address: null };

/**
 * The small bridge between the app and the lazily loaded wallet code (Wallet Standard runtime, dialog):
 * the app reads wallet state and calls wallet actions here without importing any of it.
 */
export const useWalletBridge = create<WalletBridgeState>()(() => ({
  status: 'idle',
  Runtime: null,
  openWhenReady: false,
  slots: {},
  wallet: emptyWallet,
  openDialog: null,
  disconnect: null,
}));

/** Loads and mounts the wallet runtime (once); with `openDialog` the wallet dialog opens when ready. */
export function requestWallet(options: { openDialog?: boolean } = {}): void {
  const state = useWalletBridge.getState();
  if (options.openDialog) {
    if (state.openDialog) {
      state.openDialog();
      return;
    }
    useWalletBridge.setState({ openWhenReady: true });
  }
  if (state.status !== 'idle') return;
  useWalletBridge.setState({ status: 'loading' });
  import('./runtime/wallet-runtime')
    .then(({ WalletRuntime }) => useWalletBridge.setState({ Runtime: WalletRuntime }))
    .catch((error: unknown) => {
      console.error('Could not load the wallet code:', error);
      useWalletBridge.setState({ status: 'idle', openWhenReady: false });
    });
}

/** Registers (or with null, removes) a DOM node the runtime renders a wallet button into. */
export function setWalletSlot(id: string, element: HTMLElement | null): void {
  useWalletBridge.setState(({ slots }) => {
    const next = { ...slots };
    if (element) next[id] = element;
    else delete next[id];
    return { slots: next };
  });
}

/** Disconnects the wallet; before the runtime has loaded, forgets the remembered wallet instead. */
export async function disconnectWallet(): Promise<void> {
  const { disconnect } = useWalletBridge.getState();
  if (disconnect) await disconnect();
  else localStorage.removeItem(WALLET_STORAGE_KEY);
}
