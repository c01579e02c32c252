import { SolanaSignMessage, SolanaSignTransaction } from '@solana/wallet-standard-features';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it, vi } from 'vitest';
import { DEV_WALLET_NAME, DEV_WALLET_STORAGE_KEY, SOLANA_CHAIN } from '@baegen/shared';
import { devKeyPairFromSeed } from './dev-key-pair';
import { DevelopmentWallet, loadDevKeyPair, registerDevelopmentWallet } from './dev-wallet';

describe('Development Wallet', () => {
  it('creates its key once and finds the same key on the next visit', async () => {
    const first = await loadDevKeyPair();
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/);
    const second = await loadDevKeyPair();
    expect(bs58.encode(second.publicKey)).toBe(bs58.encode(first.publicKey));
  });

  it('keeps the address and signatures of a seed saved by the tweetnacl wallet', async () => {
    const seed = nacl.randomBytes(32);
    localStorage.setItem(DEV_WALLET_STORAGE_KEY, bs58.encode(seed));
    const reference = nacl.sign.keyPair.fromSeed(seed);
    const keyPair = await loadDevKeyPair();
    expect(bs58.encode(keyPair.publicKey)).toBe(bs58.encode(reference.publicKey));
    const message = Uint8Array.from('Sign this message', (c) => c.charCodeAt(0));
    expect([...(await keyPair.sign(message))]).toEqual([...nacl.sign.detached(message, reference.secretKey)]);
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).toBe(bs58.encode(seed));
  });

  it('replaces an unreadable stored seed', async () => {
    localStorage.setItem(DEV_WALLET_STORAGE_KEY, 'not-base58-0OIl');
    const keyPair = await loadDevKeyPair();
    expect(keyPair.publicKey).toHaveLength(32);
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).not.toBe('not-base58-0OIl');
  });

  it('is a labelled devnet wallet with the features the wallet adapter needs', async () => {
    const wallet = new DevelopmentWallet(await devKeyPairFromSeed(nacl.randomBytes(32)));
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
    const seed = nacl.randomBytes(32);
    const keyPair = nacl.sign.keyPair.fromSeed(seed);
    const wallet = new DevelopmentWallet(await devKeyPairFromSeed(seed));
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
    expect([...output!.signature]).toEqual([...nacl.sign.detached(message, keyPair.secretKey)]);

    await wallet.features['standard:disconnect'].disconnect();
    expect(wallet.accounts).toEqual([]);
    await expect(wallet.features[SolanaSignMessage].signMessage({ account, message })).rejects.toThrow(
      /not connected/,
    );
  });

  it('registers through the Wallet Standard window events', async () => {
    const register = vi.fn();
    const listener = (event: Event) => (event as CustomEvent).detail({ register });
    window.addEventListener('wallet-standard:register-wallet', listener);
    const wallet = await registerDevelopmentWallet();
    window.removeEventListener('wallet-standard:register-wallet', listener);
    expect(register).toHaveBeenCalledWith(wallet);
  });
});
