import { SolanaSignMessage, SolanaSignTransaction } from '@solana/wallet-standard-features';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it, vi } from 'vitest';
import { DEV_WALLET_NAME, DEV_WALLET_STORAGE_KEY, SOLANA_CHAIN } from '@baegen/shared';
import { DevelopmentWallet, loadDevKeyPair, registerDevelopmentWallet } from './dev-wallet';

describe('Development Wallet', () => {
  it('creates its key once and finds the same key on the next visit', () => {
    const first = loadDevKeyPair();
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/);
    const second = loadDevKeyPair();
    expect(bs58.encode(second.publicKey)).toBe(bs58.encode(first.publicKey));
  });

  it('replaces an unreadable stored seed', () => {
    localStorage.setItem(DEV_WALLET_STORAGE_KEY, 'not-base58-0OIl');
    const keyPair = loadDevKeyPair();
    expect(keyPair.publicKey).toHaveLength(32);
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).not.toBe('not-base58-0OIl');
  });

  it('is a labelled devnet wallet with the features the wallet adapter needs', () => {
    const wallet = new DevelopmentWallet(nacl.sign.keyPair());
    expect(wallet.name).toBe(DEV_WALLET_NAME);
    expect(wallet.chains).toEqual([SOLANA_CHAIN]);
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Object.keys(wallet.features).sort()).toEqual(
      [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        SolanaSignMessage,
        SolanaSignTransaction,
      ].sort(),
    );
  });

  it('connects, signs messages verifiable with its address and disconnects', async () => {
    const keyPair = nacl.sign.keyPair();
    const wallet = new DevelopmentWallet(keyPair);
    const changes = vi.fn();
    wallet.features['standard:events'].on('change', changes);
    expect(wallet.accounts).toEqual([]);

    const { accounts } = await wallet.features['standard:connect'].connect();
    const account = accounts[0]!;
    expect(account.address).toBe(bs58.encode(keyPair.publicKey));
    expect(changes).toHaveBeenCalledTimes(1);

    const message = Uint8Array.from('Sign this message', (c) => c.charCodeAt(0));
    const [output] = await wallet.features[SolanaSignMessage].signMessage({ account, message });
    expect(nacl.sign.detached.verify(message, output!.signature, bs58.decode(account.address))).toBe(true);

    await wallet.features['standard:disconnect'].disconnect();
    expect(wallet.accounts).toEqual([]);
    await expect(wallet.features[SolanaSignMessage].signMessage({ account, message })).rejects.toThrow(
      /not connected/,
    );
  });

  it('registers through the Wallet Standard window events', () => {
    const register = vi.fn();
    const listener = (event: Event) => (event as CustomEvent).detail({ register });
    window.addEventListener('wallet-standard:register-wallet', listener);
    const wallet = registerDevelopmentWallet();
    window.removeEventListener('wallet-standard:register-wallet', listener);
    expect(register).toHaveBeenCalledWith(wallet);
  });
});
