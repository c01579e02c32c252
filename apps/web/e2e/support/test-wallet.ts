import { type Page, test } from '@playwright/test';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { SOLANA_CHAIN } from '@baegen/shared';
import { signTransactionBytes } from '../../src/features/auth/dev-wallet/transaction-signer';

export const TEST_WALLET_NAME = 'E2E Test Wallet';

/**
 * A fixed ed25519 key standing in for a wallet; pass a different seed for a second user. Seeds
 * past 255 differ from those below in their first byte, so every number is a wallet of its own.
 */
export function testKeyPair(seedByte = 7) {
  const seed = new Uint8Array(32).fill(seedByte & 0xff);
  seed[0] = (seedByte >> 8) ^ (seedByte & 0xff);
  const keyPair = nacl.sign.keyPair.fromSeed(seed);
  return { ...keyPair, address: bs58.encode(keyPair.publicKey) };
}

export interface TestWalletOptions {
  seedByte?: number;
  /** Every signature request is refused, as when the user clicks "Reject" in a wallet. */
  rejectSignatures?: boolean;
}

interface InitArgs {
  name: string;
  address: string;
  publicKey: number[];
  chain: string;
  icon: string;
}

/**
 * Runs in the page before any of its scripts: a Wallet Standard wallet that announces itself with
 * the standard window events. Signing happens in Node through exposed functions, since the nonce
 * to sign changes on every login.
 */
function installWallet({ name, address, publicKey, chain, icon }: InitArgs) {
  type Listener = (properties: { accounts: unknown[] }) => void;
  type Bridge = (bytes: number[]) => Promise<number[]>;
  const page = window as unknown as { __testWalletSign: Bridge; __testWalletSignTransaction: Bridge };
  const listeners = new Set<Listener>();
  const account = {
    address,
    publicKey: new Uint8Array(publicKey),
    chains: [chain],
    features: ['solana:signMessage', 'solana:signTransaction'],
  };
  let accounts: (typeof account)[] = [];
  const setAccounts = (next: (typeof account)[]) => {
    accounts = next;
    listeners.forEach((listener) => listener({ accounts }));
  };
  const wallet = {
    version: '1.0.0',
    name,
    icon,
    chains: [chain],
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          if (!accounts.length) setAccounts([account]);
          return { accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccounts([]) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ message }) => ({
              signedMessage: message,
              signature: new Uint8Array(await page.__testWalletSign([...message])),
            })),
          ),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => ({
              signedTransaction: new Uint8Array(await page.__testWalletSignTransaction([...transaction])),
            })),
          ),
      },
    },
  };
  const register = ({ register }: { register: (w: unknown) => void }) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  window.addEventListener('wallet-standard:app-ready', (event) =>
    register((event as CustomEvent<{ register: (w: unknown) => void }>).detail),
  );
}

const ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#22c55e"/></svg>',
  ).toString('base64');

const installed = new WeakSet<Page>();

/**
 * Injects the test wallet into every document the page loads from now on. Call before the first
 * navigation; calling it again for the same page does nothing.
 */
/** Which spec file signed in with each key: specs share one server, so a key is one spec's user. */
const keyOwners = new Map<number, string>();

function claimKey(seedByte: number) {
  const file = test.info().file;
  const owner = keyOwners.get(seedByte);
  if (owner !== undefined && owner !== file) {
    throw new Error(
      `Wallet seed ${seedByte} is already the user of ${owner}: give this spec seeds of its own`,
    );
  }
  keyOwners.set(seedByte, file);
}

export async function installTestWallet(page: Page, options: TestWalletOptions = {}) {
  claimKey(options.seedByte ?? 7);
  if (installed.has(page)) return testKeyPair(options.seedByte);
  installed.add(page);
  const keys = testKeyPair(options.seedByte);
  await page.exposeFunction('__testWalletSign', (bytes: number[]) => {
    if (options.rejectSignatures) throw new Error('User rejected the request.');
    return [...nacl.sign.detached(Uint8Array.from(bytes), keys.secretKey)];
  });
  await page.exposeFunction('__testWalletSignTransaction', async (bytes: number[]) => {
    if (options.rejectSignatures) throw new Error('User rejected the request.');
    const signer = {
      publicKey: keys.publicKey,
      sign: async (message: Uint8Array) => nacl.sign.detached(message, keys.secretKey),
    };
    return [...(await signTransactionBytes(Uint8Array.from(bytes), signer))];
  });
  await page.addInitScript(installWallet, {
    name: TEST_WALLET_NAME,
    address: keys.address,
    publicKey: [...keys.publicKey],
    chain: SOLANA_CHAIN,
    icon: ICON,
  });
  return keys;
}
