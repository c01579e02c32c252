import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CARD_EXTENSION_KEY,
  type CharacterCardV3,
  type CharacterInput,
  characterCardV2Schema,
  characterCardV3Schema,
  characterSchema,
} from '@baegen/shared/contract';
import { readPngText } from '../../lib/png-text';
import { V2_CARD, V3_CARD, cardPng, countsOf, dataWithoutOwnFields } from '../../test/character-card-kit';
import { characterRequests } from '../../test/character-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

type Headers = { cookie: string };

const luna: CharacterInput = {
  name: 'Luna Vale',
  description: 'A night-shift astronomer.',
  appearance: 'Silver hair, green eyes, freckles',
  personality: 'Curious and dry-witted',
  imageUrl: '',
};

/** The V2 and V3 cards inside a card PNG's `chara` and `ccv3` chunks. */
function cardsIn(png: Buffer) {
  const chunks = readPngText(png);
  const decode = (keyword: string) =>
    JSON.parse(Buffer.from(chunks.find((c) => c.keyword === keyword)!.text, 'base64').toString('utf8'));
  return {
    v2: characterCardV2Schema.parse(decode('chara')),
    v3: characterCardV3Schema.parse(decode('ccv3')),
  };
}

describe(`character card export (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const user = useSignedIn(ctx);
  const other = useSignedIn(ctx);

  const create = async (headers: Headers, input: CharacterInput = luna) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/characters', headers, payload: input });
    expect(res.statusCode, res.body).toBe(201);
    return characterSchema.parse(res.json());
  };

  const importPng = async (png: Buffer) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...user.headers, 'content-type': 'image/png' },
      payload: png,
    });
    expect(res.statusCode, res.body).toBe(201);
    return characterSchema.parse(res.json());
  };

  const exportCard = (id: string, format: 'png' | 'json', headers: Headers = user.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/characters/${id}/card.${format}`, headers });

  it('answers 401 to a signed-out caller', async () => {
    for (const format of ['png', 'json']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/characters/abc/card.${format}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it('exports a character made here as a PNG of its default avatar with V2 and V3 cards', async () => {
    const character = await create(user.headers);
    const res = await exportCard(character.$id, 'png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('filename="Luna Vale.png"');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    const { v2, v3 } = cardsIn(res.rawPayload);
    const expected = {
      name: 'Luna Vale',
      description: 'A night-shift astronomer.',
      personality: 'Curious and dry-witted',
      scenario: '',
      first_mes: '',
      tags: [],
      extensions: {
        [CARD_EXTENSION_KEY]: {
          appearance: 'Silver hair, green eyes, freckles',
          portrait: { origin: 'default-avatar' },
        },
      },
    };
    expect(v2.data).toMatchObject(expected);
    expect(v2.data).not.toHaveProperty('group_only_greetings');
    expect(v3.data).toMatchObject({
      ...expected,
      group_only_greetings: [],
      creation_date: Date.parse(character.createdAt) / 1000,
      modification_date: Date.parse(character.createdAt) / 1000,
    });
  });

  it('exports the V3 card as JSON and names an external portrait without fetching it', async () => {
    const character = await create(user.headers, { ...luna, imageUrl: 'https://images.example.com/l.png' });
    const res = await exportCard(character.$id, 'json');
    expect(res.statusCode).toBe(200);
    const card: CharacterCardV3 = characterCardV3Schema.parse(res.json());
    expect(card.data.extensions[CARD_EXTENSION_KEY]).toEqual({
      appearance: luna.appearance,
      portrait: { origin: 'external', url: 'https://images.example.com/l.png' },
    });
    const png = await exportCard(character.$id, 'png');
    expect(cardsIn(png.rawPayload).v3).toEqual(card);
  });

  it('gives a V3 card back unchanged after import, lorebook and extensions included', async () => {
    const character = await importPng(await cardPng(V3_CARD, 'ccv3'));
    const json = characterCardV3Schema.parse((await exportCard(character.$id, 'json')).json());
    const { data, ...root } = json;
    expect(root).toEqual({ spec: 'chara_card_v3', spec_version: '3.0', x_exporter: 'lorewright 2.1' });
    expect(dataWithoutOwnFields(data)).toEqual(dataWithoutOwnFields(V3_CARD.data));
    expect(data.extensions[CARD_EXTENSION_KEY]).toEqual({
      appearance: 'Short auburn hair, green apron, reading glasses',
      portrait: { origin: 'uploaded' },
    });
    expect(data.modification_date).toBe(Date.parse(character.createdAt) / 1000);

    const png = await exportCard(character.$id, 'png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ width: 48, height: 64 });
    const { v2, v3 } = cardsIn(png.rawPayload);
    expect(v3).toEqual(json);
    expect(v2.data).not.toHaveProperty('assets');
    expect(v2.data.character_book).toEqual(V3_CARD.data.character_book);
  });

  it('gives a V2 card back unchanged after import, in the chara chunk and inside the V3 card', async () => {
    const character = await importPng(await cardPng(V2_CARD));
    const png = await exportCard(character.$id, 'png');
    const { v2, v3 } = cardsIn(png.rawPayload);
    expect({ ...v2, data: dataWithoutOwnFields(v2.data) }).toEqual(V2_CARD);
    expect(v3.data).toMatchObject(dataWithoutOwnFields(V2_CARD.data));
    expect(v3.data.assets).toEqual([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }]);
  });

  it('exports the character as edited since, keeping the rest of its card', async () => {
    const character = await importPng(await cardPng(V2_CARD));
    ctx.clock.advance(90_000);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/characters/${character.$id}`,
      headers: user.headers,
      payload: { ...luna, name: 'Sera', imageUrl: character.imageUrl },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = characterCardV3Schema.parse((await exportCard(character.$id, 'json')).json());
    expect(card.data).toMatchObject({
      name: 'Sera',
      description: luna.description,
      personality: luna.personality,
      scenario: V2_CARD.data.scenario,
      character_book: V2_CARD.data.character_book,
      modification_date: Date.parse(ctx.clock().toISOString()) / 1000,
    });
    expect(card.data.extensions[CARD_EXTENSION_KEY]).toMatchObject({ appearance: luna.appearance });
  });

  it('answers 404 for another user’s character and changes nothing of theirs', async () => {
    const theirs = await create(other.headers);
    const before = await countsOf(ctx, other.userId);
    for (const format of ['png', 'json'] as const) {
      const res = await exportCard(theirs.$id, format);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('CHARACTER_NOT_FOUND');
    }
    await importPng(await cardPng(V2_CARD));
    expect(await countsOf(ctx, other.userId)).toEqual(before);
    expect((await characterRequests(ctx).get(other.headers, theirs.$id)).json()).toEqual(theirs);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await exportCard('nope', 'png')).statusCode).toBe(404);
    expect((await exportCard('nope', 'json')).statusCode).toBe(404);
  });
});
