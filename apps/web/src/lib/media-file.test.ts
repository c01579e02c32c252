import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadMedia, mediaFileName, mediaTitle } from './media-file';

describe('mediaTitle', () => {
  it('cuts the prompt at 60 characters with "..."', () => {
    expect(mediaTitle({ prompt: 'short' })).toBe('short');
    expect(mediaTitle({ prompt: 'x'.repeat(61) })).toBe(`${'x'.repeat(60)}...`);
  });
});

describe('mediaFileName', () => {
  it('joins the title, the id and the extension of the type', () => {
    expect(mediaFileName({ $id: 'abc', prompt: 'Sunset on the beach', type: 'image' })).toBe(
      'Sunset on the beach_abc.jpg',
    );
    expect(mediaFileName({ $id: 'v1', prompt: 'Dance', type: 'video' })).toBe('Dance_v1.mp4');
  });

  it('keeps the first 60 characters of the prompt without the ellipsis', () => {
    const name = mediaFileName({ $id: 'id', prompt: 'a'.repeat(80), type: 'image' });
    expect(name).toBe(`${'a'.repeat(60)}_id.jpg`);
  });

  it('removes characters a file system refuses', () => {
    expect(mediaFileName({ $id: 'id', prompt: 'a/b\\c:d*e?"f"<g>|h\n', type: 'image' })).toBe(
      'a b c d e f g h_id.jpg',
    );
    expect(mediaFileName({ $id: 'id', prompt: '../../etc/passwd', type: 'image' })).toBe('etc passwd_id.jpg');
  });

  it('falls back to "media" when nothing usable is left', () => {
    expect(mediaFileName({ $id: 'id', prompt: '///', type: 'video' })).toBe('media_id.mp4');
    expect(mediaFileName({ $id: 'id', prompt: '   ', type: 'image' })).toBe('media_id.jpg');
  });
});

describe('downloadMedia', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fails on a non-OK answer without starting a download', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(
      downloadMedia({ $id: 'id', prompt: 'p', type: 'image', url: '/api/files/x/view' }),
    ).rejects.toThrow(/404/);
    expect(click).not.toHaveBeenCalled();
  });

  it('saves the fetched blob under the media file name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Blob(['bytes']), { status: 200 })),
    );
    const created = vi.fn(() => 'blob:test');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await downloadMedia({
      $id: 'id9',
      prompt: 'Pool party',
      type: 'video',
      url: '/samples/sample-video.mp4',
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(downloaded).toBe('Pool party_id9.mp4');
  });
});
