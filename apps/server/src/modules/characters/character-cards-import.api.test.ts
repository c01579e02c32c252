import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CARD_MAX_BYTES,
  type Character,
  characterAttributesSchema,
  characterSchema,
  defaultAvatarUrl,
  fileIdFromUrl,
} from '@baegen/shared/contract';
import {
  V1_CARD,
  V2_CARD,
  V3_CARD,
  brokenPicturePng,
  cardPng,
  countsOf,
  plainPng,
  pngWith,
  zTxtBomb,
} from '../../test/character-card-kit';
import { characterRequests } from '../../test/character-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`character card import (${TEST_DIALECT})`, () => {
  // One user makes every import here, more than the default rate allows in a minute.
  const ctx = useTestApp({ IMPORT_RATE_LIMIT_MAX: '100' });
  const user = useSignedIn(ctx);

  const importCard = (body: Buffer | string, contentType: string, headers = user.headers) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });

  const imported = async (body: Buffer | string, contentType: string) => {
    const res = await importCard(body, contentType);
    expect(res.statusCode, res.body).toBe(201);
    return characterSchema.parse(res.json());
  };

  const attributesOf = (character: Character) =>
    characterAttributesSchema.parse(JSON.parse(character.attributes));

  it('answers 401 to a signed-out caller', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(V2_CARD),
    });
    expect(res.statusCode).toBe(401);
  });

  it('makes a character of a V3 PNG, its picture stored as the user’s file without the card chunks', async () => {
    const png = await cardPng(V3_CARD, 'ccv3');
    const character = await imported(png, 'image/png');
    expect(character).toMatchObject({
      userId: user.userId,
      name: 'Kaede Moriyama',
      description: V3_CARD.data.description,
    });
    expect(attributesOf(character)).toEqual({
      appearance: 'Short auburn hair, green apron, reading glasses',
      personality: 'Warm, stubborn',
    });
    const fileId = fileIdFromUrl(character.imageUrl)!;
    expect(fileId).not.toBeNull();
    const file = await ctx.app.inject({ method: 'GET', url: character.imageUrl, headers: user.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.includes(Buffer.from('ccv3'))).toBe(false);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 48, height: 64 });
    // Kept, not a candidate the sweeper would delete.
    const row = await ctx.database.db
      .selectFrom('files')
      .select('candidate')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(Number(row.candidate)).toBe(0);
    expect((await characterRequests(ctx).get(user.headers, character.$id)).json()).toEqual(character);
  });

  it('reads ccv3 before chara when a PNG has both', async () => {
    const base64 = (card: unknown) => Buffer.from(JSON.stringify(card)).toString('base64');
    const png = await pngWith({ chara: base64(V2_CARD), ccv3: base64(V3_CARD) });
    expect((await imported(png, 'image/png')).name).toBe('Kaede Moriyama');
  });

  it('makes a character of a V2 PNG, its appearance taken from the description', async () => {
    const character = await imported(await cardPng(V2_CARD), 'image/png');
    expect(character.name).toBe('Seraphina');
    expect(attributesOf(character)).toEqual({
      appearance:
        'Seraphina is a tall elf with silver hair and violet eyes. She guards the glade of you. She has done so for a thousand years and more, since long before the river changed its course.',
      personality: 'Gentle, protective, quietly funny',
    });
  });

  it('makes a character of a V1 PNG', async () => {
    const character = await imported(await cardPng(V1_CARD), 'image/png');
    expect(character).toMatchObject({ name: 'Old Tom', description: V1_CARD.description });
    expect(attributesOf(character).appearance).toBe(
      'A grumpy lighthouse keeper with a white beard. He talks to gulls.',
    );
  });

  it('makes a character of a JSON card, with the default avatar of its name', async () => {
    const character = await imported(JSON.stringify(V2_CARD), 'application/json');
    expect(character.imageUrl).toBe(defaultAvatarUrl('Seraphina'));
    const v1 = await imported(JSON.stringify({ name: 'Nameonly' }), 'application/json; charset=utf-8');
    expect(attributesOf(v1)).toEqual({ appearance: 'Nameonly', personality: '' });
  });

  it('keeps the card’s full text where a field is longer than a character holds', async () => {
    const description = `${'A long tale. '.repeat(400)}The end.`;
    const card = { ...V2_CARD, data: { ...V2_CARD.data, description } };
    const character = await imported(JSON.stringify(card), 'application/json');
    expect(character.description).toBe(description.slice(0, 4000));
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/characters/${character.$id}/card.json`,
      headers: user.headers,
    });
    expect(exported.json().data.description).toBe(description);
  });

  it('refuses a body sent without a length as soon as it passes 20 MB', async () => {
    const before = await countsOf(ctx, user.userId);
    async function* body() {
      const megabyte = Buffer.alloc(1024 * 1024);
      for (let sent = 0; sent < 40; sent += 1) yield megabyte;
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...user.headers, 'content-type': 'image/png' },
      payload: Readable.from(body()),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('CARD_TOO_LARGE');
    expect(await countsOf(ctx, user.userId)).toEqual(before);
  });

  describe('refuses, storing nothing', () => {
    const refusals: Array<[string, () => Promise<Buffer | string>, string, number, string, RegExp]> = [
      [
        'a body over 20 MB',
        async () => Buffer.alloc(CARD_MAX_BYTES + 1),
        'image/png',
        413,
        'CARD_TOO_LARGE',
        /20 MB/,
      ],
      [
        'a text body',
        async () => 'hello',
        'text/plain',
        415,
        'UNSUPPORTED_CARD_TYPE',
        /image\/png or application\/json/,
      ],
      [
        'an octet stream',
        async () => plainPng(),
        'application/octet-stream',
        415,
        'UNSUPPORTED_CARD_TYPE',
        /image\/png/,
      ],
      ['a PNG without a card', async () => plainPng(), 'image/png', 400, 'INVALID_CARD', /no character card/],
      [
        'bytes that are no PNG',
        async () => Buffer.from('GIF89a not a png'),
        'image/png',
        400,
        'INVALID_CARD',
        /not a PNG/,
      ],
      [
        'a truncated PNG',
        async () => (await cardPng(V2_CARD)).subarray(0, 200),
        'image/png',
        400,
        'INVALID_CARD',
        /cannot be read/,
      ],
      [
        'a chunk that is not base64',
        async () => pngWith({ chara: '%%%not base64%%%' }),
        'image/png',
        400,
        'INVALID_CARD',
        /not valid base64/,
      ],
      [
        'a chunk that is not JSON',
        async () => pngWith({ chara: Buffer.from('{oops').toString('base64') }),
        'image/png',
        400,
        'INVALID_CARD',
        /not valid JSON/,
      ],
      [
        'a card whose tags are no list',
        async () => JSON.stringify({ ...V2_CARD, data: { ...V2_CARD.data, tags: 'elf' } }),
        'application/json',
        400,
        'INVALID_CARD',
        /data\.tags/,
      ],
      [
        'an unknown spec',
        async () => JSON.stringify({ spec: 'chara_card_v9', data: { name: 'X' } }),
        'application/json',
        400,
        'INVALID_CARD',
        /Unsupported character card spec "chara_card_v9"/,
      ],
      [
        'JSON that is no card',
        async () => JSON.stringify([1, 2]),
        'application/json',
        400,
        'INVALID_CARD',
        /not a character card/,
      ],
      ['malformed JSON', async () => '{"spec":', 'application/json', 400, 'INVALID_CARD', /not valid JSON/],
      [
        'a card without a name',
        async () => JSON.stringify({ name: '   ' }),
        'application/json',
        400,
        'INVALID_CARD',
        /no name/,
      ],
      [
        'a card whose picture is broken',
        brokenPicturePng,
        'image/png',
        400,
        'INVALID_CARD',
        /picture cannot be read/,
      ],
      [
        'a compressed chunk that inflates past the limit',
        () => zTxtBomb(41),
        'image/png',
        400,
        'INVALID_CARD',
        /text chunks are larger than accepted/,
      ],
    ];

    it.each(refusals)('%s', async (_what, body, contentType, status, code, message) => {
      const before = await countsOf(ctx, user.userId);
      const res = await importCard(await body(), contentType);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(message);
      expect(await countsOf(ctx, user.userId)).toEqual(before);
    });
  });
});

describe(`character card import rate (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ IMPORT_RATE_LIMIT_MAX: '2' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const importAs = (who: { headers: Record<string, string> }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(V2_CARD),
    });

  it('limits card imports per user', async () => {
    expect((await importAs(alice)).statusCode).toBe(201);
    expect((await importAs(alice)).statusCode).toBe(201);
    const third = await importAs(alice);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect((await importAs(bob)).statusCode).toBe(201);
  });
});
