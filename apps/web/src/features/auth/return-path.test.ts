import { describe, expect, it } from 'vitest';
import { ROUTES } from '@baegen/shared';
import { loginStateFor, returnPath } from './return-path';

describe('returnPath', () => {
  it('goes back to the path and query a protected route was asked with', () => {
    const state = loginStateFor({ pathname: '/media', search: '?type=video', hash: '' });
    expect(returnPath(state)).toBe('/media?type=video');
    expect(returnPath({ from: '/characters/edit/abc#top' })).toBe('/characters/edit/abc#top');
  });

  it('goes to the dashboard without a state, or with one that is not a path of this app', () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: 42 },
      { from: 'https://evil.example/' },
      { from: '//evil.example/media' },
      { from: '/\\evil.example' },
      { from: '/media\\..\\x' },
      { from: '/\tevil' },
      { from: 'media' },
      { from: ROUTES.login },
      { from: `${ROUTES.login}?x=1` },
    ]) {
      expect(returnPath(state)).toBe(ROUTES.dashboard);
    }
  });
});
