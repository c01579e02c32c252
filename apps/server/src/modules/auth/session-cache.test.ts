import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const ALICE = { userId: 'alice', walletAddress: 'wallet-a', dataVersion: 3 };
const read = (cache: SessionCache, readAt = 0, sessionEndsAt = 1_000_000) => ({
  readAt,
  sessionEndsAt,
  mark: cache.mark(),
});

describe('SessionCache', () => {
  it('answers a kept session until ttl after its read started', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('hash-a', ALICE, read(cache, 5000));
    expect(cache.get('hash-a', 5999)).toEqual(ALICE);
    expect(cache.get('hash-a', 6000)).toBeUndefined();
    expect(cache.get('hash-b', 5500)).toBeUndefined();
  });

  it('never keeps a session past its own end', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('hash-a', ALICE, read(cache, 0, 400));
    expect(cache.get('hash-a', 399)).toEqual(ALICE);
    expect(cache.get('hash-a', 400)).toBeUndefined();
  });

  it('forgets a revoked session and a changed data version', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('hash-a', ALICE, read(cache));
    cache.set('hash-a2', ALICE, read(cache));
    cache.dropSession('hash-a');
    expect(cache.get('hash-a', 1)).toBeUndefined();
    expect(cache.get('hash-a2', 1)).toEqual(ALICE);
    cache.dropVersion('alice');
    expect(cache.get('hash-a2', 1)).toBeUndefined();
  });

  it('does not keep a read that overlapped a drop, which may hold the state from before it', () => {
    const cache = new SessionCache(1000, 10);
    const before = read(cache);
    cache.dropVersion('bob');
    cache.set('hash-a', ALICE, before);
    expect(cache.get('hash-a', 1)).toBeUndefined();
    cache.set('hash-a', ALICE, read(cache));
    expect(cache.get('hash-a', 1)).toEqual(ALICE);
  });

  it('forgets everything on clear', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('hash-a', ALICE, read(cache));
    cache.clear();
    expect(cache.get('hash-a', 1)).toBeUndefined();
  });

  it('evicts the longest unused entries beyond its size', () => {
    const cache = new SessionCache(1000, 2);
    for (const n of [1, 2, 3]) {
      cache.set(`hash-${n}`, { ...ALICE, userId: `user-${n}` }, read(cache));
    }
    expect(cache.get('hash-1', 1)).toBeUndefined();
    expect(cache.get('hash-2', 1)).toEqual({ ...ALICE, userId: 'user-2' });
    expect(cache.get('hash-3', 1)).toEqual({ ...ALICE, userId: 'user-3' });
  });
});
