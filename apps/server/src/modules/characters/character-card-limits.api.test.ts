import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CARD_MAX_BYTES, characterSchema } from '@baegen/shared';
import { withPngText } from '../../lib/png-text';
import { V2_CARD, cardPng, countsOf } from '../../test/character-card-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

/** `png` with `count` empty tEXt chunks spliced in just before IEND (always its last 12 bytes). */
function withEmptyTextChunks(png: Buffer, count: number) {
  const chunk = Buffer.alloc(12);
  chunk.write('tEXt', 4, 'latin1');
  chunk.writeUInt32BE(crc32(Buffer.from('tEXt')), 8);
  return Buffer.concat([png.subarray(0, -12), Buffer.alloc(12 * count).fill(chunk), png.subarray(-12)]);
}

/** `png` whose header announces `side`×`side` pixels; its checksum left stale, as a hex editor leaves it. */
function announcing(png: Buffer, side: number, fixChecksum: boolean) {
  const out = Buffer.from(png);
  out.writeUInt32BE(side, 16);
  out.writeUInt32BE(side, 20);
  if (fixChecksum) out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** A V2 card whose `data.extensions` holds objects nested `depth` deep. */
function nestedCard(depth: number) {
  const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const card = JSON.stringify({ ...V2_CARD, data: { ...V2_CARD.data, extensions: {} } });
  return card.replace('"extensions":{}', `"extensions":${deep}`);
}

describe(`character card import limits (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const user = useSignedIn(ctx);

  const importCard = (body: Buffer | string, contentType: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...user.headers, 'content-type': contentType },
      payload: body,
    });

  const refused = async (body: Buffer | string, contentType: string, status: number, code: string) => {
    const before = await countsOf(ctx, user.userId);
    const res = await importCard(body, contentType);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await countsOf(ctx, user.userId)).toEqual(before);
    return res.json().error.message as string;
  };

  it('refuses a PNG of 1.46 million empty text chunks quickly, without holding up the server', async () => {
    const bomb = withEmptyTextChunks(await cardPng(V2_CARD), 1_460_000);
    expect(bomb.length).toBeLessThan(CARD_MAX_BYTES);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const message = await refused(bomb, 'image/png', 400, 'INVALID_CARD');
    delay.disable();
    expect(message).toMatch(/more than [\d,]+ chunks/);
    expect(delay.max / 1e6).toBeLessThan(250);
  });

  it('answers 413 IMAGE_TOO_LARGE for a picture whose header announces 100000×100000 pixels', async () => {
    const card = await cardPng(V2_CARD);
    for (const fixChecksum of [false, true]) {
      const message = await refused(
        announcing(card, 100_000, fixChecksum),
        'image/png',
        413,
        'IMAGE_TOO_LARGE',
      );
      expect(message).toContain('100000×100000');
    }
  });

  it('refuses with 400 a card nested past 64 levels, as JSON or in a PNG, and takes one nested 60 deep', async () => {
    const tooDeep = nestedCard(5000);
    expect(await refused(tooDeep, 'application/json', 400, 'INVALID_CARD')).toMatch(/nested more than 64/);
    const base64 = Buffer.from(tooDeep).toString('base64');
    const png = await cardPng(V2_CARD);
    expect(await refused(withPngText(png, { chara: base64 }), 'image/png', 400, 'INVALID_CARD')).toMatch(
      /nested more than 64/,
    );
    const fine = await importCard(nestedCard(60), 'application/json');
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('cuts a long name or text between characters, never inside an emoji or before an accent', async () => {
    const cases = [
      { name: `${'a'.repeat(99)}🌙 tail`, kept: 'a'.repeat(99) },
      { name: `${'a'.repeat(99)}e\u0301 tail`, kept: 'a'.repeat(99) },
      { name: `${'a'.repeat(98)}👩‍👩‍👧 tail`, kept: 'a'.repeat(98) },
    ];
    for (const { name, kept } of cases) {
      const description = `${'d'.repeat(3999)}🌙`;
      const card = { ...V2_CARD, data: { ...V2_CARD.data, name, description } };
      const res = await importCard(JSON.stringify(card), 'application/json');
      expect(res.statusCode, res.body).toBe(201);
      const character = characterSchema.parse(res.json());
      expect(character.name).toBe(kept);
      expect(character.description).toBe('d'.repeat(3999));
      const exported = await ctx.app.inject({
        method: 'GET',
        url: `/api/characters/${character.$id}/card.json`,
        headers: user.headers,
      });
      expect(exported.json().data).toMatchObject({ name, description });
    }
  });
});
