import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../contract/messages';
import { MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('shows the messages the server sends in its very words', () => {
    expect(MESSAGES.service).toBe(API_MESSAGES.service);
    expect(MESSAGES.media.generateFailed).toBe(API_MESSAGES.media.generateFailed);
    expect(MESSAGES.media.alreadySaved).toBe(API_MESSAGES.media.alreadySaved);
    expect(MESSAGES.characters.nameAndAppearanceRequired).toBe(
      API_MESSAGES.characters.nameAndAppearanceRequired,
    );
  });
});

describe('bulk messages', () => {
  it('words the confirmation as the single delete does, with the count', () => {
    expect(MESSAGES.bulk.deleteTitle(MESSAGES.bulk.mediaNoun(3))).toBe('Delete 3 media items');
    expect(MESSAGES.bulk.deleteTitle(MESSAGES.bulk.mediaNoun(1))).toBe('Delete 1 media item');
    expect(MESSAGES.bulk.deleteConfirm(1, MESSAGES.bulk.mediaNoun(1))).toBe(
      'Are you sure you want to delete 1 media item? This action cannot be undone.',
    );
    expect(MESSAGES.bulk.deleteConfirm(3, MESSAGES.bulk.mediaNoun(3))).toBe(
      'Are you sure you want to delete these 3 media items? This action cannot be undone.',
    );
    expect(MESSAGES.bulk.deleteTitle(MESSAGES.bulk.charactersNoun(2))).toBe('Delete 2 characters');
    expect(MESSAGES.bulk.charactersNoun(1)).toBe('1 character');
  });
});
