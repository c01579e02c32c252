import bs58 from 'bs58';
import { afterEach, describe, expect, it } from 'vitest';
import { userIdFromAddress } from '@baegen/shared/contract';
import {
  TEST_DIALECT,
  type TestContext,
  type TestWallet,
  createTestApp,
  createTestWallet,
  signIn,
} from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';
import { buildSignInMessage } from './auth-message';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth.plugin';
import { AuthRepository } from './auth.repository';

const HOST = 'baegen.test';

function postNonce(ctx: TestContext, address: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/nonce',
    headers: { host: HOST, ...headers },
    payload: { address },
  });
}

async function requestNonce(ctx: TestContext, address: string, headers: Record<string, string> = {}) {
  const res = await postNonce(ctx, address, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ nonce: string; message: string; expiresAt: string }>();
}

function login(
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
function signedLogin(
  ctx: TestContext,
  wallet: TestWallet,
  message: string,
  headers: Record<string, string> = {},
) {
  return login(ctx, { address: wallet.address, message, signature: wallet.sign(message) }, headers);
}

function sessionCookieOf(res: Awaited<ReturnType<typeof login>>, name = SESSION_COOKIE) {
  const cookie = res.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

describe(`auth API (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();

  it('issues a nonce bound to the address, this host and a five minute expiry', async () => {
    const wallet = createTestWallet(1);
    const issuedAt = ctx.clock().getTime();
    const answer = await requestNonce(ctx, wallet.address);
    expect(Object.keys(answer)).toEqual(['nonce', 'message', 'expiresAt']);
    const { nonce, message, expiresAt } = answer;
    expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    const lines = message.split('\n');
    expect(lines[0]).toBe(`Sign this message to authenticate with BaeGen: ${wallet.address}`);
    expect(lines).toContain(`Domain: ${HOST}`);
    expect(lines).toContain(`Nonce: ${nonce}`);
    expect(lines).toContain(`Expiration Time: ${expiresAt}`);
    expect(new Date(expiresAt).getTime() - issuedAt).toBe(5 * 60_000);
  });

  it('logs in with a valid signature, creates the user once and opens a working session', async () => {
    const wallet = createTestWallet(2);
    const { message } = await requestNonce(ctx, wallet.address);
    const res = await signedLogin(ctx, wallet, message);
    expect(res.statusCode).toBe(200);
    const userId = userIdFromAddress(wallet.address);
    expect(res.json()).toEqual({ userId, walletAddress: wallet.address });

    const users = await ctx.database.db.selectFrom('users').selectAll().where('id', '=', userId).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.wallet_address).toBe(wallet.address);

    const cookie = sessionCookieOf(res);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ userId, walletAddress: wallet.address });

    const stored = await ctx.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(cookie.value);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await signIn(ctx.app, wallet);
    expect(again.userId).toBe(userId);
    const usersAfter = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .execute();
    expect(usersAfter).toHaveLength(1);
  });

  it('sets an httpOnly, SameSite=Lax cookie on / that is not Secure over plain http', async () => {
    const wallet = createTestWallet(3);
    const { message } = await requestNonce(ctx, wallet.address);
    const res = await signedLogin(ctx, wallet, message);
    const cookie = sessionCookieOf(res);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeUndefined();
    expect(cookie.expires).toBeInstanceOf(Date);
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses the same signed message a second time', async () => {
    const wallet = createTestWallet(4);
    const { message } = await requestNonce(ctx, wallet.address);
    const payload = { address: wallet.address, message, signature: wallet.sign(message) };
    expect((await login(ctx, payload)).statusCode).toBe(200);
    const replay = await login(ctx, payload);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('INVALID_SIGNATURE');
    expect(replay.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a signature made by another key', async () => {
    const wallet = createTestWallet(5);
    const intruder = createTestWallet(6);
    const { message } = await requestNonce(ctx, wallet.address);
    const res = await login(ctx, { address: wallet.address, message, signature: intruder.sign(message) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a message that names another domain', async () => {
    const wallet = createTestWallet(7);
    const { message } = await requestNonce(ctx, wallet.address);
    const forged = message.replace(`Domain: ${HOST}`, 'Domain: evil.example');
    expect(forged).not.toBe(message);
    const res = await signedLogin(ctx, wallet, forged);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a message signed at another host than the one it was issued for', async () => {
    const wallet = createTestWallet(8);
    const { message } = await requestNonce(ctx, wallet.address);
    const res = await signedLogin(ctx, wallet, message, { host: 'other.test' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a message that names another address than the one logging in', async () => {
    const wallet = createTestWallet(9);
    const other = createTestWallet(10);
    const { message } = await requestNonce(ctx, wallet.address);
    const asOther = await signedLogin(ctx, other, message);
    expect(asOther.statusCode).toBe(401);

    const rewritten = message.replace(wallet.address, other.address);
    const res = await signedLogin(ctx, other, rewritten);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a nonce that was never issued', async () => {
    const wallet = createTestWallet(11);
    const issued = ctx.clock();
    const message = buildSignInMessage({
      address: wallet.address,
      domain: HOST,
      nonce: 'NeverIssued12345',
      issuedAt: issued.toISOString(),
      expiresAt: new Date(issued.getTime() + 60_000).toISOString(),
    });
    const res = await signedLogin(ctx, wallet, message);
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired nonce', async () => {
    const wallet = createTestWallet(12);
    const issued = new Date(ctx.clock().getTime() - 10 * 60_000);
    const fields = {
      address: wallet.address,
      domain: HOST,
      nonce: 'ExpiredNonce0001',
      issuedAt: issued.toISOString(),
      expiresAt: new Date(issued.getTime() + 5 * 60_000).toISOString(),
    };
    const message = buildSignInMessage(fields);
    await new AuthRepository(ctx.database.db).insertNonce({
      nonce: fields.nonce,
      address: fields.address,
      message,
      issued_at: fields.issuedAt,
      expires_at: fields.expiresAt,
    });
    const res = await signedLogin(ctx, wallet, message);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid or expired sign-in message');
  });

  it('answers a signature that is not base58 with a clear 400', async () => {
    const wallet = createTestWallet(13);
    const { message } = await requestNonce(ctx, wallet.address);
    const res = await login(ctx, { address: wallet.address, message, signature: '0OIl+/=' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Signature is not valid base58');
  });

  it('answers a signature of the wrong length with a clear 400', async () => {
    const wallet = createTestWallet(14);
    const { message } = await requestNonce(ctx, wallet.address);
    const short = bs58.encode(new Uint8Array(32).fill(1));
    const res = await login(ctx, { address: wallet.address, message, signature: short });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'INVALID_LENGTH',
      message: 'Signature must be 64 bytes, got 32',
    });
  });

  it('answers an address that is not a 32-byte key with a clear 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/nonce',
      payload: { address: bs58.encode(new Uint8Array(31).fill(9)) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Wallet address must be 32 bytes, got 31');
  });

  it('logout deletes the session on the server so the old cookie gets 401', async () => {
    const { headers } = await signIn(ctx.app, createTestWallet(15));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers /session without a cookie with 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another origin and allows our own', async () => {
    const wallet = createTestWallet(16);
    const cross = await postNonce(ctx, wallet.address, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('CROSS_ORIGIN');

    const same = await postNonce(ctx, wallet.address, { origin: `http://${HOST}` });
    expect(same.statusCode).toBe(200);

    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: HOST, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe(`auth API behind https (${TEST_DIALECT})`, () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('marks the cookie Secure when PUBLIC_URL is https and checks origins against it', async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://app.baegen.example' });
    const wallet = createTestWallet(20);
    const { message } = await requestNonce(ctx, wallet.address);
    expect(message).toContain('Domain: app.baegen.example');
    const res = await signedLogin(ctx, wallet, message, { origin: 'https://app.baegen.example' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res, SECURE_SESSION_COOKIE).secure).toBe(true);

    const plain = await postNonce(ctx, wallet.address, { origin: `http://${HOST}` });
    expect(plain.statusCode).toBe(403);
  });

  it('marks the cookie Secure behind a trusted proxy that forwarded https', async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'true' });
    const wallet = createTestWallet(21);
    const forwarded = { 'x-forwarded-proto': 'https' };
    const { message } = await requestNonce(ctx, wallet.address, forwarded);
    const res = await signedLogin(ctx, wallet, message, { ...forwarded, origin: `https://${HOST}` });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res, SECURE_SESSION_COOKIE);
    expect(cookie.secure).toBe(true);
    expect(res.cookies.map((c) => c.name)).toEqual([SECURE_SESSION_COOKIE]);

    const session = (headers: Record<string, string>) =>
      ctx!.app.inject({ method: 'GET', url: '/api/auth/session', headers });
    const cookieHeader = { cookie: `${SECURE_SESSION_COOKIE}=${cookie.value}` };
    expect((await session({ ...forwarded, ...cookieHeader })).statusCode).toBe(200);
    // The same session read over plain http lives under the plain name, which https never sets.
    expect((await session(cookieHeader)).statusCode).toBe(401);
  });

  it('names the cookie __Host- over https and reads no other name there', async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://app.baegen.example' });
    const wallet = createTestWallet(24);
    const { message } = await requestNonce(ctx, wallet.address);
    const res = await signedLogin(ctx, wallet, message);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => c.name)).toEqual([SECURE_SESSION_COOKIE]);
    const cookie = sessionCookieOf(res, SECURE_SESSION_COOKIE);
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(cookie.domain).toBeUndefined();

    const session = (cookieHeader: string) =>
      ctx!.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cookieHeader } });
    expect((await session(`${SECURE_SESSION_COOKIE}=${cookie.value}`)).statusCode).toBe(200);
    // A sibling subdomain can set the plain name on our host (cookie tossing): it must not count.
    expect((await session(`${SESSION_COOKIE}=${cookie.value}`)).statusCode).toBe(401);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookieOf(out, SECURE_SESSION_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: '/', secure: true });
    expect((await session(`${SECURE_SESSION_COOKIE}=${cookie.value}`)).statusCode).toBe(401);
  });

  it('ignores x-forwarded-proto when the proxy is not trusted', async () => {
    ctx = await createTestApp();
    const wallet = createTestWallet(22);
    const forwarded = { 'x-forwarded-proto': 'https' };
    const { message } = await requestNonce(ctx, wallet.address, forwarded);
    const res = await signedLogin(ctx, wallet, message, forwarded);
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res).secure).toBeUndefined();
  });

  it('expires the sign-in message after AUTH_NONCE_TTL_SECONDS', async () => {
    ctx = await createTestApp({ AUTH_NONCE_TTL_SECONDS: '30' });
    const wallet = createTestWallet(25);
    const issuedAt = ctx.clock().getTime();
    const late = await requestNonce(ctx, wallet.address);
    expect(new Date(late.expiresAt).getTime() - issuedAt).toBe(30_000);
    const onTime = await requestNonce(ctx, wallet.address);

    ctx.clock.advance(29_000);
    expect((await signedLogin(ctx, wallet, onTime.message)).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    const res = await signedLogin(ctx, wallet, late.message);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_SIGNATURE');
  });

  it('offers the Development Wallet on https only when DEV_WALLET says so', async () => {
    const devWallet = async (overrides: Record<string, string>) => {
      ctx = await createTestApp(overrides);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
      await ctx.close();
      ctx = undefined;
      return res.json<{ devWallet: boolean }>().devWallet;
    };
    expect(await devWallet({})).toBe(true);
    expect(await devWallet({ PUBLIC_URL: 'http://localhost:3000' })).toBe(true);
    expect(await devWallet({ PUBLIC_URL: 'https://app.baegen.example' })).toBe(false);
    expect(await devWallet({ PUBLIC_URL: 'https://app.baegen.example', DEV_WALLET: 'true' })).toBe(true);
  });

  it('rate limits the auth routes per IP with 429 and Retry-After', async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000' });
    const wallet = createTestWallet(23);
    const ask = (remoteAddress: string) =>
      ctx!.app.inject({
        method: 'POST',
        url: '/api/auth/nonce',
        remoteAddress,
        payload: { address: wallet.address },
      });
    for (let i = 0; i < 3; i += 1) expect((await ask('10.0.0.1')).statusCode).toBe(200);
    const limited = await ask('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await ask('10.0.0.2')).statusCode).toBe(200);
  });
});
