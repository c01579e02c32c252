import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavActive } from './nav';

describe('isNavActive', () => {
  it('matches the item on its own path', () => {
    expect(isNavActive('/characters', '/characters')).toBe(true);
    expect(isNavActive('/media', '/media')).toBe(true);
  });

  it('matches any subpath of the item', () => {
    expect(isNavActive('/characters', '/characters/new')).toBe(true);
    expect(isNavActive('/characters', '/characters/edit/abc123')).toBe(true);
    expect(isNavActive('/media', '/media/new/xyz')).toBe(true);
  });

  it('does not match a path that only shares a prefix, or another section', () => {
    expect(isNavActive('/media', '/mediafiles')).toBe(false);
    expect(isNavActive('/characters', '/dashboard')).toBe(false);
    expect(isNavActive('/dashboard', '/')).toBe(false);
  });

  it('lists Dashboard, Characters, Media and Chats in that order', () => {
    expect(NAV_ITEMS.map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Characters', '/characters'],
      ['Media', '/media'],
      ['Chats', '/chats'],
    ]);
  });
});
