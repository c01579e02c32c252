import { describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../test/test-app';
import { useSignedIn, useTestApp } from '../test/test-hooks';

const HOST = 'baegen.test';
const EVIL = 'https://evil.example';
const FORM = { 'content-type': 'text/plain' };

describe(`same-origin check (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const user = useSignedIn(ctx);

  const sessionAlive = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers })).statusCode;

  it('refuses a cross-site logout whose path is percent-encoded, and the session survives', async () => {
    for (const url of [
      '/%61pi/auth/logout',
      '/%2561pi/auth/logout',
      '/API/auth/logout',
      '//api/auth/logout',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, ...FORM, host: HOST, origin: EVIL },
        payload: 'x=1',
      });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode, url).not.toBe(204);
      expect(await sessionAlive(), url).toBe(200);
    }
  });

  it('refuses a cross-site create through an encoded path and saves nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/characters',
      headers: { ...user.headers, host: HOST, origin: EVIL },
      payload: { name: 'Mallory' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/characters', headers: user.headers });
    expect(JSON.stringify(list.json())).not.toContain('Mallory');
  });

  it('refuses every unsafe method from another origin whatever the path', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/%61pi/characters/x', '/anything', '/']) {
        const res = await ctx.app.inject({ method, url, headers: { host: HOST, origin: EVIL } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('refuses an opaque origin (sandboxed frame, data: page)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.headers, host: HOST, origin: 'null' },
    });
    expect(res.statusCode).toBe(403);
    expect(await sessionAlive()).toBe(200);
  });

  it('still lets our own origin and origin-less clients through', async () => {
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/auth/nonce',
      headers: { host: HOST, origin: `http://${HOST}` },
      payload: { address: user.wallet.address },
    });
    expect(own.statusCode).toBe(200);
    const cli = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/nonce',
      payload: { address: user.wallet.address },
    });
    expect(cli.statusCode).toBe(200);
  });
});
