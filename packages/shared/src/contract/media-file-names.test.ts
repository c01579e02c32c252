import { describe, expect, it } from 'vitest';
import { mediaExportFileName, mediaFileName, mediaPngFileName } from './media-file-names';

describe('media file names', () => {
  it('names a file "media", the id and the type\'s extension (media have no title), the zip by its count, a PNG download by the id', () => {
    expect(mediaFileName({ $id: 'abc', type: 'image' })).toBe('media_abc.jpg');
    expect(mediaFileName({ $id: 'v1', type: 'video' })).toBe('media_v1.mp4');
    expect(mediaExportFileName(2)).toBe('baegen-media-2.zip');
    expect(mediaPngFileName('abc')).toBe('media_abc.png');
  });
});
