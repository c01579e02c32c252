import { describe, expect, it } from 'vitest';
import { TEST_DIALECT, createTestWallet } from '../test/test-app';
import { useTestApp } from '../test/test-hooks';

const BAD_HOSTS = ['a b', 'a/b', 'a@b', 'x:99999', '[::1', 'a?b', 'a#b', '%zz'];

describe(`malformed Host header (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const wallet = createTestWallet(40);

  it('answers the nonce and login routes with 400, never 500', async () => {
    for (const host of BAD_HOSTS) {
      const nonce = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/nonce',
        headers: { host },
        payload: { address: wallet.address },
      });
      expect(nonce.statusCode, host).toBe(400);
      expect(nonce.json().error.code, host).toBe('INVALID_HOST');

      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host },
        payload: { address: wallet.address, message: 'm', signature: wallet.sign('m') },
      });
      expect(login.statusCode, host).toBe(400);
    }
  });

  it('answers a cross-origin write with a malformed Host with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: { host: 'a b', origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps working for a well-formed host with a port', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/nonce',
      headers: { host: 'localhost:5173' },
      payload: { address: wallet.address },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('Domain: localhost:5173');
  });
});

describe(`malformed Host header with PUBLIC_URL set (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://app.baegen.example' });

  it('ignores the Host header, which PUBLIC_URL replaces', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/nonce',
      headers: { host: 'a b' },
      payload: { address: createTestWallet(41).address },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('Domain: app.baegen.example');
  });
});
