import { describe, expect, it } from 'vitest';
import { userIdFromAddress } from '@baegen/shared/contract';
import { HOST, postNonce, requestNonce, sessionCookieOf, signedLogin } from '../../test/auth-kit';
import { TEST_DIALECT, createTestWallet, signIn } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';
import { SESSION_COOKIE } from './auth.plugin';

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

    const cookie = sessionCookieOf(res, SESSION_COOKIE);
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
    const cookie = sessionCookieOf(res, SESSION_COOKIE);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeUndefined();
    expect(cookie.expires).toBeInstanceOf(Date);
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
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
