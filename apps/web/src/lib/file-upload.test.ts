import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { type ChunkRequest, type ChunkTransport, isAbort, uploadFile } from './file-upload';
import { apiErrorSchema } from '@baegen/shared';
import { fakeFileUpload, noContentResponse, stubFetch } from '../test/fake-api';

const file = new File(['abcdefghijkl'], 'me.png', { type: 'image/png' });

/** A transport that records each chunk and answers as the files API does, 5 bytes a chunk. */
function recordingTransport(answer?: (request: ChunkRequest, index: number) => Promise<unknown> | unknown) {
  const requests: ChunkRequest[] = [];
  const transport: ChunkTransport = async (request) => {
    requests.push(request);
    request.onProgress(request.body.size);
    const custom = await answer?.(request, requests.length - 1);
    if (custom) return custom as { status: number; body: unknown };
    const uploaded = requests.reduce((sum, r) => sum + r.body.size, 0);
    const ready = uploaded === file.size;
    return {
      status: ready ? 201 : 202,
      body: fakeFileUpload({ $id: 'f1', status: ready ? 'ready' : 'uploading', uploaded, size: file.size }),
    };
  };
  return { requests, transport };
}

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchMock = stubFetch();
  fetchMock.mockResolvedValue(noContentResponse());
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('sends a small file in one request without a range', async () => {
    const { requests, transport } = recordingTransport();
    const result = await uploadFile(file, { transport, chunkBytes: 100 });
    expect(result.status).toBe('ready');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/files?name=me.png');
    expect(requests[0]!.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
  });

  it('sends a larger file in ranged chunks that carry the id, reporting progress up to 1', async () => {
    const progress: number[] = [];
    const { requests, transport } = recordingTransport();
    const result = await uploadFile(file, { transport, chunkBytes: 5, onProgress: (f) => progress.push(f) });
    expect(result).toMatchObject({ $id: 'f1', status: 'ready', uploaded: 12 });
    expect(requests.map((r) => r.headers['Content-Range'])).toEqual([
      'bytes 0-4/12',
      'bytes 5-9/12',
      'bytes 10-11/12',
    ]);
    expect(requests.map((r) => r.headers['x-file-id'])).toEqual([undefined, 'f1', 'f1']);
    expect(requests.map((r) => r.body.size)).toEqual([5, 5, 2]);
    expect(progress).toEqual([5 / 12, 10 / 12, 1, 1]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails with the server's message and deletes what was sent", async () => {
    const { transport } = recordingTransport((_request, index) =>
      index === 1
        ? {
            status: 413,
            body: apiErrorSchema.parse({
              error: { code: 'QUOTA_EXCEEDED', message: 'Your storage is full' },
            }),
          }
        : undefined,
    );
    const failure = await uploadFile(file, { transport, chunkBytes: 5 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 413, code: 'QUOTA_EXCEEDED', message: 'Your storage is full' });
    expect(fetchMock).toHaveBeenCalledWith('/api/files/f1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('stops on cancel and deletes the partial upload', async () => {
    const controller = new AbortController();
    const { requests, transport } = recordingTransport((request, index) => {
      if (index < 1) return undefined;
      controller.abort();
      expect(request.signal.aborted).toBe(true);
      throw new DOMException('cancelled', 'AbortError');
    });
    const failure = await uploadFile(file, { transport, chunkBytes: 5, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(isAbort(failure)).toBe(true);
    expect(requests).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledWith('/api/files/f1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('refuses an answer that does not match the shared schema', async () => {
    const { transport } = recordingTransport(() => ({ status: 201, body: { $id: 'f1' } }));
    await expect(uploadFile(file, { transport })).rejects.toMatchObject({ code: 'SCHEMA_MISMATCH' });
  });
});
