import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import {
  ERROR_CODES,
  CARD_MAX_BYTES,
  CARD_PNG_KEYWORDS,
  characterCardV1Schema,
  importedCardDataSchema,
  importedCardSchema,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { jsonNestedDeeperThan } from '../../lib/json-depth';
import { InvalidPngError, findPngText, isPng } from '../../lib/png-text';
import type { ReadCard } from './character-card.mapper';

const invalidCard = (message: string) => AppError.badRequest(message, ERROR_CODES.invalidCard);

/** The first problem zod found, named by its path in the card. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue?.message ?? 'invalid'}`;
}

/** How deep a card's JSON may nest objects and arrays; real cards stay under ten levels. */
const CARD_MAX_DEPTH = 64;

/**
 * Parses a card's JSON. A card runs to 40 MB of text, and each pass over it (the depth check, the
 * parse, the checks after) takes a while: the event loop gets a turn between them, so one card
 * never holds up every other request for the whole of its reading.
 */
async function parseJson(text: string, what: string): Promise<unknown> {
  if (jsonNestedDeeperThan(text, CARD_MAX_DEPTH)) {
    throw invalidCard(`${what} is nested more than ${CARD_MAX_DEPTH} levels deep`);
  }
  await nextTurn();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidCard(`${what} is not valid JSON`);
  }
  await nextTurn();
  return value;
}

/** A V1, V2 or V3 card of a parsed JSON value. */
function cardOf(value: unknown): ReadCard {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidCard('This is not a character card: a card is a JSON object');
  }
  if ('spec' in value) {
    const parsed = importedCardSchema.safeParse(value);
    if (!parsed.success) {
      const spec = (value as { spec: unknown }).spec;
      if (spec !== 'chara_card_v2' && spec !== 'chara_card_v3') {
        throw invalidCard(`Unsupported character card spec "${String(spec)}": V1, V2 and V3 are read`);
      }
      throw invalidCard(`This character card is not valid: ${firstIssue(parsed.error)}`);
    }
    const { spec: _spec, spec_version: _version, data, ...root } = parsed.data;
    return { data, root };
  }
  const v1 = characterCardV1Schema.safeParse(value);
  if (!v1.success) {
    throw invalidCard(`This is not a character card (V1, V2 or V3): ${firstIssue(v1.error)}`);
  }
  // A V1 card's other keys become the data's own, so they must have the types V3 gives them.
  const data = importedCardDataSchema.safeParse(v1.data);
  if (!data.success) throw invalidCard(`This character card is not valid: ${firstIssue(data.error)}`);
  return { data: data.data, root: {} };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The most text a card PNG's card chunk may inflate to: a compressed chunk of a few kilobytes could
 * otherwise grow to gigabytes in memory. Twice the largest file leaves room for any honest card.
 */
const CARD_TEXT_MAX_BYTES = 2 * CARD_MAX_BYTES;

/** A card chunk's text: base64 of the JSON, as the specifications have it (raw JSON is read too). */
async function chunkJson(text: string, keyword: string): Promise<unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return parseJson(trimmed, `The "${keyword}" chunk`);
  const compact = trimmed.replace(/\s+/g, '');
  if (!compact || !BASE64.test(compact)) throw invalidCard(`The "${keyword}" chunk is not valid base64`);
  await nextTurn();
  const json = Buffer.from(compact, 'base64').toString('utf8');
  await nextTurn();
  return parseJson(json, `The "${keyword}" chunk`);
}

/** The card inside a PNG: its `ccv3` chunk when it has one, else its `chara` chunk (V2 or V1). */
export async function readPngCard(png: Buffer): Promise<ReadCard> {
  if (!isPng(png)) throw invalidCard('This file is not a PNG image');
  let chunk: { keyword: string; text: string } | null;
  try {
    chunk = await findPngText(png, [CARD_PNG_KEYWORDS.v3, CARD_PNG_KEYWORDS.v2], {
      maxTextBytes: CARD_TEXT_MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof InvalidPngError) throw invalidCard(`This PNG cannot be read: ${error.message}`);
    throw error;
  }
  if (!chunk) throw invalidCard('This PNG holds no character card (no "ccv3" or "chara" text chunk)');
  return cardOf(await chunkJson(chunk.text, chunk.keyword));
}

/** The card of a JSON file. */
export async function readJsonCard(bytes: Buffer): Promise<ReadCard> {
  return cardOf(await parseJson(bytes.toString('utf8'), 'This file'));
}
