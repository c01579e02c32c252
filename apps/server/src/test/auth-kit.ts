import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext, TestWallet } from './test-app';

/** The host the auth suites send; sign-in messages name it as their domain. */
export const HOST = 'baegen.test';

export function postNonce(ctx: TestContext, address: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/nonce',
    headers: { host: HOST, ...headers },
    payload: { address },
  });
}

export async function requestNonce(ctx: TestContext, address: string, headers: Record<string, string> = {}) {
  const res = await postNonce(ctx, address, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ nonce: string; message: string; expiresAt: string }>();
}

export function login(
  ctx: TestContext,
  payload: { address: string; message: string; signature: string },
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: HOST, ...headers },
    payload,
  });
}

/** Logs in as `wallet` with `message`, signed by that wallet. */
export function signedLogin(
  ctx: TestContext,
  wallet: TestWallet,
  message: string,
  headers: Record<string, string> = {},
) {
  return login(ctx, { address: wallet.address, message, signature: wallet.sign(message) }, headers);
}

export function sessionCookieOf(res: LightMyRequestResponse, name: string) {
  const cookie = res.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}
