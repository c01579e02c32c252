import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app';
import { TEST_DIALECT, type TestContext, type TestWallet, createTestApp, signIn } from './test-app';

export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * Stands in for a value a beforeAll hook has yet to make, so a suite can name it at collection
 * time. Reading it before the hook has run is a mistake in the suite, and throws.
 */
export function later<T extends object>(what: string, current: () => T | undefined): T {
  const made = () => {
    const value = current();
    if (!value) throw new Error(`${what} is made in beforeAll; read it inside a hook or a test`);
    return value;
  };
  return new Proxy({} as T, { get: (_target, key) => Reflect.get(made(), key) });
}

/**
 * Builds the real app (see createTestApp) before the enclosing suite's tests and closes it after
 * them. `overrides` may be a function when the environment depends on another hook's result.
 */
export function useTestApp(
  overrides: Record<string, string> | (() => Record<string, string>) = {},
  deps?: Parameters<typeof createTestApp>[1],
): TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(typeof overrides === 'function' ? overrides() : overrides, deps);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return later('the test app', () => ctx);
}

/** Signs a wallet in to `ctx` (a new one unless given) once, before the enclosing suite's tests. */
export function useSignedIn(ctx: TestContext, wallet?: TestWallet): SignedIn {
  let user: SignedIn | undefined;
  beforeAll(async () => {
    user = await signIn(ctx.app, wallet);
  });
  return later('the signed-in user', () => user);
}

/**
 * A second app on `ctx`'s database and clock, built before the enclosing suite's tests and closed
 * after them: another instance of the same deployment. A getter, as the app is no plain object.
 */
export function useAnotherInstance(ctx: TestContext): () => FastifyInstance {
  let other: FastifyInstance | undefined;
  beforeAll(async () => {
    other = await buildApp({ env: ctx.env, database: ctx.database, clock: ctx.clock });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });
  return () => {
    if (!other) throw new Error('the other instance is made in beforeAll; read it inside a hook or a test');
    return other;
  };
}

/**
 * `read` answers `expected` after a change made through another instance (or behind the app's
 * back): at once on SQLite, which hears a change as its statement runs; on PostgreSQL, once the
 * announcement arrives after the commit (ADR 016; the clock stands still, so never by the time
 * limit).
 */
export async function heard<T>(read: () => Promise<T>, expected: T): Promise<void> {
  if (TEST_DIALECT === 'sqlite') expect(await read()).toEqual(expected);
  else await expect.poll(read).toEqual(expected);
}
