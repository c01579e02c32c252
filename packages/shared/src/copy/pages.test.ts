import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS, ROUTES, documentTitle } from './pages';

describe('ROUTES.newMediaFor', () => {
  it('preselects the media type through the query', () => {
    expect(ROUTES.newMediaFor('c1')).toBe('/media/new/c1');
    expect(ROUTES.newMediaFor('c1', 'video')).toBe('/media/new/c1?type=video');
    expect(ROUTES.newMediaFor('c1', 'image')).toBe('/media/new/c1?type=image');
  });
});

describe('ROUTES.mediaItem', () => {
  it("names the media and keeps the gallery's query", () => {
    expect(ROUTES.mediaItem('m1')).toBe('/media/m1');
    expect(ROUTES.mediaItem('m/1', '?q=sea&type=image')).toBe('/media/m%2F1?q=sea&type=image');
  });
});

describe('documentTitle', () => {
  it('is the heading, then the product, unless the heading names the product', () => {
    expect(documentTitle(PAGE_HEADINGS.media)).toBe('My Media · BaeGen');
    expect(documentTitle(PAGE_HEADINGS.newCharacter)).toBe('Create AI Character · BaeGen');
    expect(documentTitle(PAGE_HEADINGS.home)).toBe('Create Your Dream Bae · BaeGen');
    expect(documentTitle(PAGE_HEADINGS.login)).toBe('Login to BaeGen');
  });
});
