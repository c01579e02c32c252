import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '@baegen/shared/contract';
import { uploadHeaders } from './upload-headers';

const refusal = (headers: Record<string, string>) => {
  try {
    uploadHeaders(headers);
  } catch (error) {
    return error as { statusCode: number; code: string };
  }
  throw new Error('the headers were accepted');
};

describe('upload headers', () => {
  it('reads the chunk range, the file id and the length', () => {
    expect(
      uploadHeaders({ 'content-range': 'bytes 10-19/100', 'x-file-id': 'abc', 'content-length': '10' }),
    ).toEqual({ range: { start: 10, end: 19, total: 100 }, fileId: 'abc', length: 10 });
    expect(uploadHeaders({ 'content-range': '', 'x-file-id': '' })).toEqual({
      range: null,
      fileId: undefined,
      length: undefined,
    });
  });

  it('ignores a Content-Length that is not a number', () => {
    expect(uploadHeaders({ 'content-length': '12' }).length).toBe(12);
    expect(uploadHeaders({ 'content-length': '1e3' }).length).toBeUndefined();
    expect(uploadHeaders({}).length).toBeUndefined();
  });

  it('refuses what the headers alone show to be wrong, the length first', () => {
    expect(refusal({ 'content-length': '0', 'content-range': 'nonsense' })).toMatchObject({
      statusCode: 400,
      code: 'EMPTY_UPLOAD',
    });
    expect(
      refusal({ 'content-length': String(UPLOAD_CHUNK_BYTES + 1), 'content-range': 'nonsense' }),
    ).toMatchObject({ statusCode: 413, code: 'CHUNK_TOO_LARGE' });
    for (const range of ['bytes 0-9', 'bytes 5-4/10', 'bytes 0-10/10']) {
      expect(refusal({ 'content-range': range })).toMatchObject({
        statusCode: 400,
        code: 'INVALID_CONTENT_RANGE',
      });
    }
    expect(
      refusal({ 'content-range': `bytes 0-${UPLOAD_CHUNK_BYTES}/${UPLOAD_CHUNK_BYTES * 2}` }),
    ).toMatchObject({ statusCode: 413, code: 'CHUNK_TOO_LARGE' });
    expect(refusal({ 'content-range': 'bytes 0-9/100', 'content-length': '5' })).toMatchObject({
      statusCode: 400,
      code: 'CHUNK_SIZE_MISMATCH',
    });
  });
});
