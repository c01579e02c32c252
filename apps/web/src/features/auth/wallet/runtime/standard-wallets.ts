import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

/** The name the Solana Mobile Wallet Adapter registers under (@solana-mobile/wallet-standard-mobile). */
export const MOBILE_WALLET_NAME = 'Mobile Wallet Adapter';

/** What wallet-adapter accepted: connect and events, a Solana chain, and a way to sign transactions. */
export function isSolanaWallet(wallet: Wallet): boolean {
  const { features } = wallet;
  return (
    'standard:connect' in features &&
    'standard:events' in features &&
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    (SolanaSignAndSendTransaction in features || SolanaSignTransaction in features)
  );
}

/** The wallets the dialog offers: Mobile Wallet Adapter only while no other wallet is installed. */
export function offeredWallets(wallets: readonly Wallet[]): Wallet[] {
  const usable = wallets.filter(isSolanaWallet);
  const installed = usable.filter((wallet) => wallet.name !== MOBILE_WALLET_NAME);
  return installed.length ? installed : usable;
}

/** Installed wallets are "Detected"; the Mobile Wallet Adapter reaches an app on the phone instead. */
export function isDetected(wallet: Wallet): boolean {
  return wallet.name !== MOBILE_WALLET_NAME;
}

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface DisconnectFeature {
  disconnect(): Promise<void>;
}
interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void;
}
interface SignMessageFeature {
  signMessage(
    ...inputs: { account: WalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signature: Uint8Array }[]>;
}

function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, T | undefined>)[name];
}

/** The first account on a Solana chain, as wallet-adapter's standard adapter picked it. */
export function solanaAccount(accounts: readonly WalletAccount[]): WalletAccount | null {
  return (
    accounts.find((account) => account.chains.some((chain) => chain.startsWith('solana:'))) ??
    accounts[0] ??
    null
  );
}

export async function connectWallet(wallet: Wallet, silent: boolean): Promise<WalletAccount | null> {
  const connect = feature<ConnectFeature>(wallet, 'standard:connect');
  if (!connect) throw new Error(`${wallet.name} cannot connect`);
  const { accounts } = await connect.connect({ silent });
  return solanaAccount(accounts.length ? accounts : wallet.accounts);
}

export async function disconnectWallet(wallet: Wallet): Promise<void> {
  await feature<DisconnectFeature>(wallet, 'standard:disconnect')?.disconnect();
}

/** Calls back with the wallet's accounts whenever the wallet reports a change of them. */
export function onAccountsChange(
  wallet: Wallet,
  listener: (accounts: readonly WalletAccount[]) => void,
): () => void {
  const events = feature<EventsFeature>(wallet, 'standard:events');
  if (!events) return () => undefined;
  return events.on('change', ({ accounts }) => {
    if (accounts) listener(accounts);
  });
}

/** The signing function for this account, or undefined when the wallet cannot sign messages. */
export function messageSigner(
  wallet: Wallet,
  account: WalletAccount,
): ((message: Uint8Array) => Promise<Uint8Array>) | undefined {
  const signer = feature<SignMessageFeature>(wallet, SolanaSignMessage);
  if (!signer || !account.features.includes(SolanaSignMessage)) return undefined;
  return async (message) => {
    const [output] = await signer.signMessage({ account, message });
    if (!output) throw new Error('The wallet returned no signature');
    return output.signature;
  };
}
