import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '@baegen/shared/contract';
import { buildApp } from '../../app';
import { TEST_DIALECT } from '../../test/test-app';
import { chunkRange, pngLike, sha, useFilesSuite } from '../../test/upload-kit';

const C = UPLOAD_CHUNK_BYTES;

describe(`uploads across restarts and crashes (${TEST_DIALECT})`, () => {
  const { ctx, clock, alice, send, startUpload, sendRest, describeSettled, rowOf } = useFilesSuite();
  const uploadPath = (id: string) => path.join(ctx.dataDir, 'files', 'uploads', id);

  /** Runs `act` on a new process sharing the data folder and database, then closes it. */
  async function onAnotherProcess(act: (app: FastifyInstance) => Promise<void>) {
    const reborn = await buildApp({ env: ctx.env, database: ctx.database, clock });
    await reborn.ready();
    try {
      await act(reborn);
    } finally {
      await reborn.close();
    }
  }

  /** Chunk `index` of `data`, sent to `app`. */
  const chunk = (app: FastifyInstance, data: Buffer, index: number, id: string) => {
    const { end, header } = chunkRange(data, index * C);
    return app.inject({
      method: 'POST',
      url: '/api/files?name=restart.png',
      headers: {
        ...alice.headers,
        'content-type': 'application/octet-stream',
        'content-range': header,
        'x-file-id': id,
      },
      payload: data.subarray(index * C, end + 1),
    });
  };

  it('records a sha256 the process stopped before recording at the next sweep', async () => {
    const data = pngLike(C + 10);
    const file = await sendRest(data);
    await ctx.app.storage.maintenance.settle();
    // What a stop right after the last chunk's answer leaves: a complete file with no sum yet.
    await ctx.database.db.updateTable('files').set({ sha256: null }).where('id', '=', file.$id).execute();
    expect((await rowOf(file.$id))!.sha256).toBeNull();
    await ctx.app.scheduler.run('files-sweep');
    expect((await rowOf(file.$id))!.sha256).toBe(sha(data));
  });

  it('records the right sha256 when the process restarts between chunks', async () => {
    const data = pngLike(C * 3 + 10);
    const { $id: id } = await startUpload(data);
    expect((await chunk(ctx.app, data, 1, id)).statusCode).toBe(202);

    // A new process has no running hash for this upload.
    await onAnotherProcess(async (reborn) => {
      expect((await chunk(reborn, data, 2, id)).statusCode).toBe(202);
    });
    // Back on the first process, which did not see the chunk before.
    expect((await chunk(ctx.app, data, 3, id)).statusCode).toBe(201);
    expect((await describeSettled(id)).sha256).toBe(sha(data));
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}/view`,
      headers: alice.headers,
    });
    expect(sha(view.rawPayload)).toBe(sha(data));
  });

  it('leaves no visible file after a crash between chunks, and the sweeper removes the upload', async () => {
    const data = pngLike(C + 1000);
    const { $id: id } = await startUpload(data);

    await onAnotherProcess(async (reborn) => {
      const view = await reborn.inject({
        method: 'GET',
        url: `/api/files/${id}/view`,
        headers: alice.headers,
      });
      expect(view.statusCode).toBe(404);
      expect(fs.existsSync(uploadPath(id))).toBe(true);

      clock.advance(2 * 3600_000);
      await reborn.scheduler.run('files-sweep');
      expect(fs.existsSync(uploadPath(id))).toBe(false);
      expect(await rowOf(id)).toBeUndefined();
      expect((await chunk(reborn, data, 1, id)).statusCode).toBe(404);
    });
  });

  it('answers 409 and drops the upload when a crash lost acknowledged chunks', async () => {
    const data = pngLike(C * 2 + 10);
    const { $id: id } = await startUpload(data);
    // What a power cut can leave: the acknowledged chunk never reached the disk.
    fs.truncateSync(uploadPath(id), 1000);
    const next = await send(alice, data.subarray(C, C * 2), {
      'content-range': `bytes ${C}-${C * 2 - 1}/${data.length}`,
      'x-file-id': id,
    });
    expect(next.statusCode).toBe(409);
    expect(next.json().error.code).toBe('UPLOAD_INTERRUPTED');
    expect(fs.existsSync(uploadPath(id))).toBe(false);
    expect(await rowOf(id)).toBeUndefined();
  });
});
