import type { Page } from '@playwright/test';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { AUTH_STORAGE_KEY } from '@baegen/shared';

/** A fixed ed25519 key standing in for a wallet; pass a different seed for a second user. */
export function testKeyPair(seedByte = 7) {
  const keyPair = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(seedByte));
  return { ...keyPair, address: bs58.encode(keyPair.publicKey) };
}

/**
 * Signs the page's browser context in and opens /dashboard.
 * The wallet issue replaces this with the real UI flow through an injected Wallet Standard wallet.
 */
export async function signIn(page: Page, seedByte = 7) {
  const { address, secretKey } = testKeyPair(seedByte);
  await page.goto('/');
  const nonce = await page.request.post('/api/auth/nonce', { data: { address } });
  const { message } = (await nonce.json()) as { message: string };
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), secretKey));
  const login = await page.request.post('/api/auth/login', { data: { address, message, signature } });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    JSON.stringify({
      state: { isAuthenticated: true, userId: address, walletAddress: address },
      version: 0,
    }),
  ] as const);
  await page.goto('/dashboard');
  return { address };
}
