import { vi } from 'vitest';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { SOLANA_CHAIN } from '@baegen/shared';

export const FAKE_ADDRESS = 'GPWrXWXc6cTUiT3jnoKkgWWh1bVdv1YCLqaG3MDs7yRn';
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

/** A Wallet Standard wallet for tests: spies for every feature, one account once connected. */
export function fakeWallet(name: string, options: { connect?: () => Promise<void> } = {}) {
  const account: WalletAccount = {
    address: FAKE_ADDRESS,
    publicKey: new Uint8Array(32),
    chains: [SOLANA_CHAIN],
    features: ['solana:signMessage', 'solana:signTransaction'],
  };
  const listeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>();
  const state = { accounts: [] as WalletAccount[] };
  const connect = vi.fn(async (_input?: { silent?: boolean }) => {
    await options.connect?.();
    state.accounts = [account];
    return { accounts: state.accounts };
  });
  const disconnect = vi.fn(async () => {
    state.accounts = [];
    for (const listener of listeners) listener({ accounts: [] });
  });
  const signMessage = vi.fn(async ({ message }: { message: Uint8Array }) => [
    { signedMessage: message, signature: Uint8Array.from([1, 2, 3]) },
  ]);
  const wallet = {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: [SOLANA_CHAIN],
    get accounts() {
      return state.accounts;
    },
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'standard:disconnect': { version: '1.0.0', disconnect },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (properties: { accounts: readonly WalletAccount[] }) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0] },
      'solana:signMessage': { version: '1.0.0', signMessage },
    },
  } as unknown as Wallet;
  return { wallet, connect, disconnect, signMessage };
}

/** Registers wallets in the page's Wallet Standard registry; returns the unregister function. */
export function registerFakeWallets(...wallets: Wallet[]): () => void {
  return getWallets().register(...wallets);
}
