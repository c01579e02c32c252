import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { CARD_EXTENSION_KEY } from '@baegen/shared/contract';
import { withPngText } from '../lib/png-text';
import type { TestContext } from './test-app';

/**
 * Cards written from the Character Card V2 and V3 specifications, with a lorebook, other
 * applications' extensions and keys neither specification names, to check that they come back.
 */
export const V2_CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Seraphina',
    description:
      'Seraphina is a tall elf with silver hair and violet eyes. She guards the glade of {{user}}. She has done so for a thousand years and more, since long before the river changed its course.\n\nShe is kind.',
    personality: 'Gentle, protective, quietly funny',
    scenario: '{{user}} wakes up in the glade after a storm.',
    first_mes: '*She smiles* You are safe here.',
    mes_example: '<START>\n{{user}}: Who are you?\n{{char}}: A friend of the forest.',
    creator_notes: 'Works best with long replies.',
    system_prompt: 'You are {{char}}. {{original}}',
    post_history_instructions: 'Stay in character.',
    alternate_greetings: ['Welcome back, traveller.', 'You again?'],
    character_book: {
      name: 'Glade lore',
      description: 'Places of the glade',
      scan_depth: 4,
      token_budget: 512,
      recursive_scanning: false,
      extensions: { chub: { id: 42 } },
      entries: [
        {
          keys: ['glade', 'clearing'],
          content: 'The glade is hidden from anyone who means harm.',
          extensions: { position: 0 },
          enabled: true,
          insertion_order: 100,
          case_sensitive: false,
          name: 'The glade',
          priority: 10,
          id: 1,
          comment: 'core lore',
          selective: true,
          secondary_keys: ['forest'],
          constant: false,
          position: 'before_char',
        },
      ],
    },
    tags: ['fantasy', 'elf', 'female'],
    creator: 'lorewright',
    character_version: '1.2',
    extensions: {
      talkativeness: '0.5',
      fav: false,
      world: 'Glade lore',
      depth_prompt: { prompt: 'Seraphina is gentle.', depth: 4, role: 'system' },
    },
    x_custom_field: { kept: true, list: [1, 2, 3] },
  },
};

export const V3_CARD = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  x_exporter: 'lorewright 2.1',
  data: {
    name: 'Kaede Moriyama',
    description: 'A café owner in {{char}}’s quiet Kyoto street. Über-careful with her coffee.',
    personality: 'Warm, stubborn',
    scenario: 'Rain outside the café.',
    first_mes: 'Irasshaimase!',
    mes_example: '',
    creator_notes: 'English notes',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    character_book: {
      name: 'Café',
      extensions: {},
      entries: [
        {
          keys: ['menu'],
          content: 'The café serves hojicha and sweets.',
          extensions: {},
          enabled: true,
          insertion_order: 0,
          use_regex: false,
          constant: true,
          position: 'after_char',
        },
      ],
    },
    tags: ['slice of life'],
    creator: 'kaede-fan',
    character_version: '3',
    extensions: {
      [CARD_EXTENSION_KEY]: { appearance: 'Short auburn hair, green apron, reading glasses' },
      risu: { utilityBot: false, backgroundHTML: '<div></div>' },
    },
    assets: [
      { type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' },
      { type: 'background', uri: 'https://assets.example.com/cafe.png', name: 'cafe', ext: 'png' },
    ],
    nickname: 'Kae',
    creator_notes_multilingual: { en: 'English notes', ja: '日本語のメモ' },
    source: ['https://cards.example.com/kaede'],
    group_only_greetings: ['Welcome, everyone!'],
    creation_date: 1_700_000_000,
    modification_date: 1_700_000_500,
  },
};

export const V1_CARD = {
  name: 'Old Tom',
  description: 'A grumpy lighthouse keeper with a white beard. He talks to gulls.',
  personality: 'Grumpy',
  scenario: 'A storm.',
  first_mes: 'Who goes there?',
  mes_example: '',
  talkativeness: '0.3',
};

const base64 = (card: unknown) => Buffer.from(JSON.stringify(card), 'utf8').toString('base64');

/** A small PNG picture, plain: no text chunks. */
export function plainPng(width = 48, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#c080ff' } })
    .png()
    .toBuffer();
}

/** A PNG carrying `chunks` (keyword -> text) as text chunks. */
export async function pngWith(chunks: Record<string, string>): Promise<Buffer> {
  return withPngText(await plainPng(), chunks);
}

/** A card PNG as other applications write them: `chara` for V1/V2, `ccv3` (and `chara`) for V3. */
export function cardPng(card: unknown, keyword: 'chara' | 'ccv3' = 'chara'): Promise<Buffer> {
  return pngWith({ [keyword]: base64(card) });
}

/** A copy of `png` with a chunk of `type` spliced in just before IEND (always its last 12 bytes). */
export function withChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([png.subarray(0, -12), head, data, crc, png.subarray(-12)]);
}

/** A PNG of a few kilobytes whose compressed `chara` chunk inflates to `megabytes` MB. */
export async function zTxtBomb(megabytes: number): Promise<Buffer> {
  const text = deflateSync(Buffer.alloc(megabytes * 1024 * 1024, 'A'));
  return withChunk(await plainPng(), 'zTXt', Buffer.concat([Buffer.from('chara\0\0'), text]));
}

/** A V2 card PNG whose chunks are sound but whose pixels cannot be decoded. */
export async function brokenPicturePng(): Promise<Buffer> {
  const png = await cardPng(V2_CARD);
  const idat = png.indexOf('IDAT');
  const length = png.readUInt32BE(idat - 4);
  png.fill(0x55, idat + 4, idat + 20);
  png.writeUInt32BE(crc32(png.subarray(idat, idat + 4 + length)), idat + 4 + length);
  return png;
}

/** Every key but `keys`, at the top of `value`. */
export function without<T extends Record<string, unknown>>(value: T, ...keys: string[]) {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** A card's data without what BaeGen writes itself (its extension, the modification date). */
export function dataWithoutOwnFields(data: Record<string, unknown>) {
  const extensions = without((data.extensions ?? {}) as Record<string, unknown>, CARD_EXTENSION_KEY);
  return { ...without(data, 'modification_date'), extensions };
}

/** How many characters and files the user has, to check that a refused import stored nothing. */
export async function countsOf(ctx: TestContext, userId: string) {
  const count = async (table: 'characters' | 'files') => {
    const row = await ctx.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return { characters: await count('characters'), files: await count('files') };
}
