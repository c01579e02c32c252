import { describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../test/test-app';
import { useSignedIn, useTestApp } from '../test/test-hooks';

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

type Probe = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const character = { name: 'Luna', appearance: 'Silver hair' };

/** Every JSON field of text a request carries. */
function bodyProbes(bad: string): Probe[] {
  return [
    {
      method: 'POST',
      url: '/api/auth/login',
      payload: { address: '1'.repeat(32), message: bad, signature: '1' },
    },
    { method: 'POST', url: '/api/characters', payload: { ...character, name: `x${bad}` } },
    { method: 'POST', url: '/api/characters', payload: { ...character, description: bad } },
    { method: 'POST', url: '/api/characters', payload: { ...character, appearance: `x${bad}` } },
    { method: 'POST', url: '/api/characters', payload: { ...character, personality: bad } },
    { method: 'POST', url: '/api/characters', payload: { ...character, imageUrl: `/api/${bad}` } },
    {
      method: 'POST',
      url: '/api/media',
      payload: { characterId: `c${bad}`, type: 'image', prompt: 'p', url: '/api/x' },
    },
    {
      method: 'POST',
      url: '/api/media',
      payload: { characterId: 'c', type: 'image', prompt: `p${bad}`, url: '/api/x' },
    },
    {
      method: 'POST',
      url: '/api/generations',
      payload: { kind: 'video', prompt: 'p', characterId: `c${bad}` },
    },
    { method: 'POST', url: '/api/generations', payload: { kind: 'image', prompt: `p${bad}` } },
    { method: 'POST', url: '/api/generate/prompt', payload: { appearance: `a${bad}` } },
    { method: 'POST', url: '/api/generate/image', payload: { prompt: `p${bad}` } },
    { method: 'POST', url: '/api/generate/character', payload: { prompt: 'p', subject: `/api/${bad}` } },
  ];
}

/** Every path id, search, filter and cursor, with `encoded` percent-encoded text in it. */
function urlProbes(encoded: string): Probe[] {
  const id = `id${encoded}`;
  return [
    { method: 'GET', url: `/api/characters?search=${encoded}` },
    { method: 'GET', url: `/api/characters?cursor=${encoded}` },
    { method: 'GET', url: `/api/characters/${id}` },
    { method: 'PATCH', url: `/api/characters/${id}`, payload: character },
    { method: 'DELETE', url: `/api/characters/${id}` },
    { method: 'GET', url: `/api/media?search=${encoded}` },
    { method: 'GET', url: `/api/media?characterId=${encoded}` },
    { method: 'GET', url: `/api/media?cursor=${encoded}` },
    { method: 'DELETE', url: `/api/media/${id}` },
    { method: 'GET', url: `/api/files/${id}` },
    { method: 'GET', url: `/api/files/${id}/view` },
    { method: 'GET', url: `/api/files/${id}/download` },
    { method: 'GET', url: `/api/files/${id}/preview` },
    { method: 'DELETE', url: `/api/files/${id}` },
    { method: 'GET', url: `/api/generations?cursor=${encoded}` },
    { method: 'GET', url: `/api/generations/${id}` },
    { method: 'POST', url: `/api/generations/${id}/cancel` },
    { method: 'GET', url: `/api/avatars/shapes?seed=${encoded}` },
  ];
}

describe(`text that no database stores or encoder takes (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);

  const send = (probe: Probe) => ctx.app.inject({ ...probe, headers: alice.headers });

  it.each([
    ['a NUL character', NUL],
    ['an unpaired high surrogate', LONE_HIGH],
    ['an unpaired low surrogate', LONE_LOW],
  ])('refuses %s in any JSON field with 400', async (_what, bad) => {
    for (const probe of bodyProbes(bad)) {
      const res = await send(probe);
      expect(res.statusCode, `${probe.method} ${probe.url}: ${res.body}`).toBe(400);
    }
  });

  it('refuses a NUL character in any path id, search, filter or cursor with 400', async () => {
    for (const probe of urlProbes('%00')) {
      const res = await send(probe);
      expect(res.statusCode, `${probe.method} ${probe.url}: ${res.body}`).toBe(400);
    }
  });

  it('answers a URL holding the UTF-8 bytes of a lone surrogate without a server error', async () => {
    // No UTF-8 decoder yields a lone surrogate: the router refuses such a path, the query parser
    // keeps such a value undecoded, and either way the text that arrives is well formed.
    for (const encoded of ['%ED%A0%80', '%ED%B0%80']) {
      for (const probe of urlProbes(encoded)) {
        const res = await send(probe);
        expect(res.statusCode, `${probe.method} ${probe.url}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('refuses a cursor whose decoded keys hold a NUL character', async () => {
    const cursor = Buffer.from(JSON.stringify([`2026${NUL}`, `id${NUL}`])).toString('base64url');
    for (const list of ['/api/characters', '/api/media', '/api/generations']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${list}?cursor=${cursor}`,
        headers: alice.headers,
      });
      expect(res.statusCode, `${list}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'INVALID_CURSOR' } });
    }
  });

  it('keeps a well-formed pair outside the basic plane: an emoji name is saved as sent', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: alice.headers,
      payload: { ...character, name: 'Luna 🌙' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Luna 🌙' });
  });
});
