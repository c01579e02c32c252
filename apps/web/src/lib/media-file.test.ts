import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadMedia, mediaDownloadUrl, mediaTitle } from './media-file';

describe('mediaTitle', () => {
  it('cuts the prompt at 60 characters with "..."', () => {
    expect(mediaTitle({ prompt: 'short' })).toBe('short');
    expect(mediaTitle({ prompt: 'x'.repeat(61) })).toBe(`${'x'.repeat(60)}...`);
  });
});

describe('mediaDownloadUrl', () => {
  it('asks the server for our stored images as JPEG', () => {
    expect(mediaDownloadUrl({ type: 'image', url: '/api/files/f1/view' })).toBe(
      '/api/files/f1/preview?output=jpg',
    );
    expect(mediaDownloadUrl({ type: 'image', url: `${window.location.origin}/api/files/f2/view` })).toBe(
      '/api/files/f2/preview?output=jpg',
    );
  });

  it('keeps videos and images from elsewhere as they are', () => {
    expect(mediaDownloadUrl({ type: 'video', url: '/api/files/f1/view' })).toBe('/api/files/f1/view');
    expect(mediaDownloadUrl({ type: 'image', url: 'https://cdn.example/api/files/f1/view' })).toBe(
      'https://cdn.example/api/files/f1/view',
    );
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
    await expect(downloadMedia({ $id: 'id', type: 'image', url: '/api/files/x/view' })).rejects.toThrow(
      /404/,
    );
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
      type: 'video',
      url: '/samples/sample-video.mp4',
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(downloaded).toBe('media_id9.mp4');
  });
});

describe('downloadMedia of an image', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fetches our stored image as JPEG and saves those bytes as media_<id>.jpg', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const fetched = vi.fn(
      async (_url: string) => new Response(jpeg, { status: 200, headers: { 'content-type': 'image/jpeg' } }),
    );
    vi.stubGlobal('fetch', fetched);
    let saved: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved = blob;
          return 'blob:test';
        },
        revokeObjectURL: vi.fn(),
      }),
    );
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await downloadMedia({ $id: 'i1', type: 'image', url: '/api/files/f1/view' });
    expect(fetched.mock.calls[0]?.[0]).toBe('/api/files/f1/preview?output=jpg');
    expect(downloaded).toBe('media_i1.jpg');
    expect(saved?.type).toBe('image/jpeg');
  });
});
