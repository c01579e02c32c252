import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionSchema } from '@baegen/shared/contract';
import { buildApp } from './app';
import { migrateToLatest } from './db/client';
import { AppError } from './errors/app-error';
import { TEST_DIALECT } from './test/test-app';
import { useTestApp } from './test/test-hooks';

describe(`app foundation (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();

  it('answers health after a database round trip and a look at the file store', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route GET /api/does-not-exist not found' },
    });
  });

  it('answers a malformed or over-long URL in the error shape', async () => {
    const badEncoding = await ctx.app.inject({ method: 'GET', url: '/api/characters/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toMatchObject({ error: { code: 'FST_ERR_BAD_URL' } });
    const longParam = await ctx.app.inject({ method: 'GET', url: `/api/characters/${'z'.repeat(500)}` });
    expect(longParam.statusCode).toBe(414);
    expect(Object.keys(longParam.json())).toEqual(['error']);
  });

  it('answers a malformed JSON body with 400 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/nonce',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; message: string } }>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('string');
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it('answers a schema violation with 400 VALIDATION_ERROR', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/nonce',
      payload: { address: 'not base58 0OIl' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('never leaks a stack trace on a 500', async () => {
    const app = await buildApp({ env: ctx.env, database: ctx.database });
    app.get('/api/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' },
    });
    expect(res.body).not.toContain('secret internals');
    await app.close();
  });

  it('answers through the declared response schema, so an undeclared field never leaks', async () => {
    const app = await buildApp({ env: ctx.env, database: ctx.database });
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/leaky',
      {
        schema: {
          querystring: z.object({ fail: z.literal('yes').optional() }),
          response: { 200: sessionSchema },
        },
      },
      async (request) => {
        if (request.query.fail) throw AppError.forbidden('Not yours');
        const row = { userId: 'u1', walletAddress: 'w1', tokenHash: 'secret' };
        return row;
      },
    );
    const res = await app.inject({ method: 'GET', url: '/api/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'u1', walletAddress: 'w1' });
    const failed = await app.inject({ method: 'GET', url: '/api/leaky?fail=yes' });
    expect(failed.statusCode).toBe(403);
    expect(failed.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Not yours' } });
    await app.close();
  });

  it('answers 500 in the error shape when an answer does not fit its schema', async () => {
    const app = await buildApp({ env: ctx.env, database: ctx.database });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/api/misshapen', { schema: { response: { 200: sessionSchema } } }, async () => {
        const row: unknown = { userId: 'u1' };
        return row as Session;
      });
    const res = await app.inject({ method: 'GET', url: '/api/misshapen' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' },
    });
    await app.close();
  });

  it('runs migrations idempotently on a second boot', async () => {
    await expect(migrateToLatest(ctx.database.db)).resolves.toBeUndefined();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
