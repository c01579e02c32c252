import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileUpload } from '@baegen/shared';
import { V2_CARD, countsOf } from '../test/character-card-kit';
import { TEST_DIALECT, type TestContext } from '../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../test/test-hooks';

const MIB = 1024 * 1024;

/** A real PNG padded with noise after its end (which decoders ignore) to exactly `size` bytes. */
async function pngOf(size: number) {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a9' } })
    .png()
    .toBuffer();
  return Buffer.concat([png, randomBytes(size - png.length)]);
}

function client(ctx: TestContext) {
  return {
    upload: (who: SignedIn, body: Buffer, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/files?name=part.png',
        headers: { ...who.headers, 'content-type': 'application/octet-stream', ...headers },
        payload: body,
      }),
    remove: (who: SignedIn, url: string) => ctx.app.inject({ method: 'DELETE', url, headers: who.headers }),
    stored: async (who: SignedIn) => {
      const row = await ctx.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('total_size'), eb.lit(0)).as('bytes'))
        .where('user_id', '=', who.userId)
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },
  };
}

describe(`the storage quota under concurrent uploads (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ STORAGE_QUOTA_MB: '3' });
  const alice = useSignedIn(ctx);

  it('lets 3 of 8 parallel 1 MiB uploads in under a 3 MiB quota, and refuses the rest with 413', async () => {
    const { upload, stored } = client(ctx);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => pngOf(MIB)));
    const answers = await Promise.all(bodies.map((body) => upload(alice, body)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    for (const refused of answers.filter((res) => res.statusCode === 413)) {
      expect(refused.json().error.code).toBe('QUOTA_EXCEEDED');
    }
    expect(await stored(alice)).toBe(3 * MIB);
  });
});

describe(`an idle upload's reservation (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ STORAGE_QUOTA_MB: '3' });
  const alice = useSignedIn(ctx);

  it('lapses after a few idle minutes, and is taken again, within the quota, when the upload goes on', async () => {
    const { upload, remove } = client(ctx);
    const data = await pngOf(2.5 * MIB);
    const chunk = (start: number, end: number, id?: string) =>
      upload(alice, data.subarray(start, end), {
        'content-range': `bytes ${start}-${end - 1}/${data.length}`,
        ...(id ? { 'x-file-id': id } : {}),
      });
    const started = await chunk(0, MIB);
    expect(started.statusCode, started.body).toBe(202);
    const { $id: id } = started.json<FileUpload>();
    // The upload holds its whole 2.5 MiB: 1 MiB more does not fit.
    expect((await upload(alice, await pngOf(MIB))).statusCode).toBe(413);

    ctx.clock.advance(6 * 60_000);
    const other = await upload(alice, await pngOf(MIB));
    expect(other.statusCode, other.body).toBe(201);

    // Going on needs the 1.5 MiB it has not sent, and 1 + 1 + 1.5 MiB is past the quota.
    const refused = await chunk(MIB, 2 * MIB, id);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(refused.json().error.message).toContain('needs 1.5 MB');
    const kept = await ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: alice.headers });
    expect(kept.json<FileUpload>()).toMatchObject({ status: 'uploading', uploaded: MIB });

    expect((await remove(alice, `/api/files/${other.json<FileUpload>().$id}`)).statusCode).toBe(204);
    expect((await chunk(MIB, 2 * MIB, id)).statusCode).toBe(202);
    const finished = await chunk(2 * MIB, data.length, id);
    expect(finished.statusCode, finished.body).toBe(201);
  });
});

describe(`imported card text and the storage quota (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ STORAGE_QUOTA_MB: '3' });
  const alice = useSignedIn(ctx);

  /** A JSON card whose lorebook holds about `megabytes` MB of text. */
  const bigCard = (megabytes: number) =>
    JSON.stringify({
      ...V2_CARD,
      data: {
        ...V2_CARD.data,
        character_book: { entries: [{ keys: ['all'], content: 'lore '.repeat(megabytes * 209_716) }] },
      },
    });
  const importCard = (body: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: body,
    });

  it('counts a card’s kept text against the quota, for cards and files alike', async () => {
    const { upload } = client(ctx);
    const first = await importCard(bigCard(2));
    expect(first.statusCode, first.body).toBe(201);

    const before = await countsOf(ctx, alice.userId);
    const second = await importCard(bigCard(2));
    expect(second.statusCode, second.body).toBe(413);
    expect(second.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(second.json().error.message).toMatch(/this card needs 2(\.\d)? MB/);
    expect(await countsOf(ctx, alice.userId)).toEqual(before);
    expect((await upload(alice, await pngOf(1.5 * MIB))).statusCode).toBe(413);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/characters/${first.json().$id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await upload(alice, await pngOf(1.5 * MIB))).statusCode).toBe(201);
  });
});
