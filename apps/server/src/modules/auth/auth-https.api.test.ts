import { afterEach, describe, expect, it } from 'vitest';
import { HOST, postNonce, requestNonce, sessionCookieOf, signedLogin } from '../../test/auth-kit';
import { TEST_DIALECT, type TestContext, createTestApp, createTestWallet } from '../../test/test-app';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth.plugin';

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
    expect(sessionCookieOf(res, SESSION_COOKIE).secure).toBeUndefined();
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
