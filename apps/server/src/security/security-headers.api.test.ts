import { describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../test/test-app';
import { useSignedIn, useTestApp } from '../test/test-hooks';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every answer carries, and its policy's directives for the caller to check. */
function expectBaseHeaders(headers: Record<string, unknown>, label = '') {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  return csp;
}

describe(`security headers over http (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const user = useSignedIn(ctx);

  const probes = [
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/characters' },
    { method: 'GET', url: '/api/no-such-route' },
    { method: 'GET', url: '/some/page' },
    { method: 'POST', url: '/api/characters', headers: { origin: 'https://evil.example' } },
    { method: 'POST', url: '/api/characters', payload: { name: 1 } },
  ] as const;

  it('sends a strict policy, nosniff, no framing and a referrer policy on every answer', async () => {
    for (const probe of probes) {
      const res = await ctx.app.inject({
        ...probe,
        headers: { ...user.headers, ...('headers' in probe ? probe.headers : {}) },
      });
      const label = `${probe.method} ${probe.url} -> ${res.statusCode}`;
      const csp = expectBaseHeaders(res.headers, label);
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
      expect(csp.get('script-src'), label).toEqual(["'self'"]);
      expect(csp.get('default-src'), label).toEqual(["'self'"]);
      expect(csp.get('object-src'), label).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests'), label).toBe(false);
    }
  });

  it('sends them on answers made before routing too (a malformed URL)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/characters/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(expectBaseHeaders(res.headers).get('default-src')).toEqual(["'none'"]);
  });

  it('keeps the avatar picture on its own tighter policy, embeddable by any page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/avatars/shapes?seed=ab' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe(`security headers with an https PUBLIC_URL (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://app.baegen.example' });

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});
