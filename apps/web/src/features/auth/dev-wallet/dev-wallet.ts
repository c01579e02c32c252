import {
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import { ReadonlyWalletAccount, registerWallet } from '@wallet-standard/wallet';
import bs58 from 'bs58';
import { DEV_WALLET_NAME, DEV_WALLET_STORAGE_KEY, SOLANA_CHAIN } from '@baegen/shared';
import { type DevKeyPair, devKeyPairFromSeed } from './dev-key-pair';
import { signTransactionBytes } from './transaction-signer';

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void;

/** The Wallet Standard's own features this wallet implements (see @wallet-standard/features). */
type StandardFeatures = {
  'standard:connect': {
    version: '1.0.0';
    connect: (input?: { silent?: boolean }) => Promise<{ accounts: readonly WalletAccount[] }>;
  };
  'standard:disconnect': { version: '1.0.0'; disconnect: () => Promise<void> };
  'standard:events': { version: '1.0.0'; on: (event: 'change', listener: ChangeListener) => () => void };
};

// A wrench on an amber square: it must never be mistaken for a real wallet's logo.
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#f59e0b"/>' +
  '<path d="M41 14a11 11 0 0 0-10.4 14.6L15 44.2a4 4 0 0 0 5.7 5.7l15.6-15.6A11 11 0 0 0 50 24l-6.4 6.4-6-1.6-1.6-6L42.4 16.4A11 11 0 0 0 41 14z" fill="#1f1631"/>' +
  '<text x="32" y="61" font-family="monospace" font-size="11" font-weight="700" text-anchor="middle" fill="#1f1631">DEV</text></svg>';
export const DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as WalletIcon;

/** The key pair of this browser's Development Wallet, created on first use and kept in localStorage. */
export async function loadDevKeyPair(storage: Storage = localStorage): Promise<DevKeyPair> {
  const saved = storage.getItem(DEV_WALLET_STORAGE_KEY);
  if (saved) {
    let seed: Uint8Array | undefined;
    try {
      seed = bs58.decode(saved);
    } catch {
      // An unreadable seed is replaced by a fresh one below.
    }
    // Outside the try: a browser whose WebCrypto lacks Ed25519 fails here rather than losing the seed.
    if (seed?.length === 32) return devKeyPairFromSeed(seed);
  }
  const seed = crypto.getRandomValues(new Uint8Array(32));
  storage.setItem(DEV_WALLET_STORAGE_KEY, bs58.encode(seed));
  return devKeyPairFromSeed(seed);
}

/**
 * A Wallet Standard wallet whose key lives in this browser, so that sign-in works with no wallet
 * extension installed. The server verifies its signatures like any other wallet's.
 */
export class DevelopmentWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = DEV_WALLET_NAME;
  readonly icon = DEV_WALLET_ICON;
  readonly chains = [SOLANA_CHAIN] as const;

  readonly #keyPair: DevKeyPair;
  readonly #account: WalletAccount;
  #connected = false;
  readonly #listeners = new Set<ChangeListener>();

  constructor(keyPair: DevKeyPair) {
    this.#keyPair = keyPair;
    this.#account = new ReadonlyWalletAccount({
      address: bs58.encode(keyPair.publicKey),
      publicKey: keyPair.publicKey,
      chains: this.chains,
      features: [SolanaSignMessage, SolanaSignTransaction],
      label: DEV_WALLET_NAME,
      icon: DEV_WALLET_ICON,
    });
  }

  get accounts(): readonly WalletAccount[] {
    return this.#connected ? [this.#account] : [];
  }

  get features(): StandardFeatures & SolanaSignMessageFeature & SolanaSignTransactionFeature {
    return {
      'standard:connect': { version: '1.0.0', connect: this.#connect },
      'standard:disconnect': { version: '1.0.0', disconnect: this.#disconnect },
      'standard:events': { version: '1.0.0', on: this.#on },
      [SolanaSignMessage]: { version: '1.0.0', signMessage: this.#signMessage },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: this.#signTransaction,
      },
    };
  }

  #connect = async () => {
    if (!this.#connected) {
      this.#connected = true;
      this.#emit();
    }
    return { accounts: this.accounts };
  };

  #disconnect = async () => {
    if (this.#connected) {
      this.#connected = false;
      this.#emit();
    }
  };

  #on = (_event: 'change', listener: ChangeListener) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #emit() {
    this.#listeners.forEach((listener) => listener({ accounts: this.accounts }));
  }

  #requireAccount(account: WalletAccount) {
    if (!this.#connected || account.address !== this.#account.address) {
      throw new Error('Development Wallet is not connected to this account');
    }
  }

  #signMessage: SolanaSignMessageFeature[typeof SolanaSignMessage]['signMessage'] = (...inputs) =>
    Promise.all(
      inputs.map(async ({ account, message }) => {
        this.#requireAccount(account);
        return { signedMessage: message, signature: await this.#keyPair.sign(message) };
      }),
    );

  #signTransaction: SolanaSignTransactionFeature[typeof SolanaSignTransaction]['signTransaction'] = (
    ...inputs
  ) =>
    Promise.all(
      inputs.map(async ({ account, transaction }) => {
        this.#requireAccount(account);
        return { signedTransaction: await signTransactionBytes(transaction, this.#keyPair) };
      }),
    );
}

/** Announces the Development Wallet to the page's wallet adapter. */
export async function registerDevelopmentWallet(): Promise<DevelopmentWallet> {
  const wallet = new DevelopmentWallet(await loadDevKeyPair());
  registerWallet(wallet);
  return wallet;
}
