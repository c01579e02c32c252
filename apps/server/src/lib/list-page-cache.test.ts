import { describe, expect, it } from 'vitest';
import { ListPageCache } from './list-page-cache';

describe('ListPageCache', () => {
  it('answers a page only for the data version it was made at', () => {
    const cache = new ListPageCache(1000);
    cache.set('u1', 3, '/api/media', Buffer.from('page-v3'));
    expect(cache.get('u1', 3, '/api/media')?.toString()).toBe('page-v3');
    expect(cache.get('u1', 4, '/api/media')).toBeUndefined();
    expect(cache.get('u1', 3, '/api/media?limit=5')).toBeUndefined();
    expect(cache.get('u2', 3, '/api/media')).toBeUndefined();
  });

  it('drops every page of a user when a newer version is stored, and ignores a late older one', () => {
    const cache = new ListPageCache(1000);
    cache.set('u1', 1, '/a', Buffer.from('a1'));
    cache.set('u1', 1, '/b', Buffer.from('b1'));
    cache.set('u1', 2, '/a', Buffer.from('a2'));
    expect(cache.get('u1', 2, '/b')).toBeUndefined();
    cache.set('u1', 1, '/b', Buffer.from('late'));
    expect(cache.get('u1', 1, '/b')).toBeUndefined();
    expect(cache.get('u1', 2, '/a')?.toString()).toBe('a2');
  });

  it('evicts the least recently used users beyond its size', () => {
    const cache = new ListPageCache(10);
    cache.set('u1', 0, '/a', Buffer.from('1234'));
    cache.set('u2', 0, '/a', Buffer.from('1234'));
    expect(cache.get('u1', 0, '/a')?.toString()).toBe('1234');
    cache.set('u3', 0, '/a', Buffer.from('1234'));
    expect(cache.get('u2', 0, '/a')).toBeUndefined();
    expect(cache.get('u1', 0, '/a')?.toString()).toBe('1234');
    expect(cache.get('u3', 0, '/a')?.toString()).toBe('1234');
    cache.set('u1', 0, '/a', Buffer.from('12345678901'));
    expect(cache.get('u1', 0, '/a')?.toString()).toBe('1234');
  });
});
