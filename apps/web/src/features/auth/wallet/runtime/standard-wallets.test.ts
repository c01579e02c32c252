import { afterEach, describe, expect, it } from 'vitest';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { FAKE_ADDRESS, fakeWallet } from './fake-standard-wallet';
import { connectWallet, isSolanaWallet, messageSigner, offeredWallets } from './standard-wallets';

const unregister: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of unregister.splice(0)) cleanup();
});

describe('standard wallets', () => {
  it('sees a wallet announced through the wallet-standard:register-wallet event', () => {
    const { wallet } = fakeWallet('Backpack');
    // The app's registry is listening before a wallet announces itself.
    const registry = getWallets();
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register: (w: Wallet) => () => void }) => unregister.push(register(wallet)),
      }),
    );
    expect(offeredWallets(registry.get())).toContain(wallet);
  });

  it('leaves out wallets without a Solana chain or a way to sign transactions', () => {
    const { wallet } = fakeWallet('Phantom');
    expect(isSolanaWallet(wallet)).toBe(true);
    expect(isSolanaWallet({ ...wallet, chains: ['ethereum:1'] } as Wallet)).toBe(false);
    const { 'solana:signTransaction': _dropped, ...features } = wallet.features;
    expect(isSolanaWallet({ ...wallet, features } as Wallet)).toBe(false);
  });

  it('signs a message with the connected account', async () => {
    const phantom = fakeWallet('Phantom');
    const account = await connectWallet(phantom.wallet, false);
    expect(account?.address).toBe(FAKE_ADDRESS);
    const sign = account ? messageSigner(phantom.wallet, account) : undefined;
    const message = new TextEncoder().encode('hello');
    expect(await sign?.(message)).toEqual(Uint8Array.from([1, 2, 3]));
    expect(phantom.signMessage).toHaveBeenCalledWith({ account, message });
  });
});
