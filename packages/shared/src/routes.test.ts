import { describe, expect, it } from 'vitest';
import { ROUTES, documentTitle } from './routes';

describe('ROUTES.newMediaFor', () => {
  it('preselects the media type through the query', () => {
    expect(ROUTES.newMediaFor('c1')).toBe('/media/new/c1');
    expect(ROUTES.newMediaFor('c1', 'video')).toBe('/media/new/c1?type=video');
    expect(ROUTES.newMediaFor('c1', 'image')).toBe('/media/new/c1?type=image');
  });
});

describe('documentTitle', () => {
  it('names every route by its heading, then the product', () => {
    expect(documentTitle('/')).toBe('Create Your Dream Bae · BaeGen');
    expect(documentTitle('/login')).toBe('Login to BaeGen');
    expect(documentTitle('/dashboard')).toBe('Dashboard · BaeGen');
    expect(documentTitle('/characters')).toBe('My Characters · BaeGen');
    expect(documentTitle('/characters/new')).toBe('Create AI Character · BaeGen');
    expect(documentTitle('/characters/edit/abc')).toBe('Modify AI Character · BaeGen');
    expect(documentTitle('/media')).toBe('My Media · BaeGen');
    expect(documentTitle('/media/new')).toBe('Create AI Media · BaeGen');
    expect(documentTitle('/media/new/abc/')).toBe('Create AI Media · BaeGen');
  });

  it('falls back to the landing title for unknown paths', () => {
    expect(documentTitle('/nowhere')).toBe('Create Your Dream Bae · BaeGen');
  });
});
