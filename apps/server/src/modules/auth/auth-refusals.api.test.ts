import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { HOST, login, requestNonce, signedLogin } from '../../test/auth-kit';
import { TEST_DIALECT, createTestWallet } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';
import { buildSignInMessage } from './auth-message';
import { SESSION_COOKIE } from './auth.plugin';
import { AuthRepository } from './auth.repository';

describe(`auth API refusing a sign-in (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();

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
});
