import { setImmediate as nextTurn } from 'node:timers/promises';
import sharp from 'sharp';
import {
  ERROR_CODES,
  CARD_PNG_KEYWORDS,
  type Character,
  type CharacterCardV3,
  type CardPortraitOrigin,
  characterAttributesSchema,
  defaultAvatarUrl,
  fileIdFromUrl,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { pngDimensions, withPngText } from '../../lib/png-text';
import { shapesAvatarPng } from '../avatars';
import { type FilesPort, IMAGE_MAX_PIXELS, quotaExceeded } from '../storage';
import { type CharacterForCard, cardsOf, characterFromCard } from './character-card.mapper';
import { readJsonCard, readPngCard } from './character-card.reader';
import type { CharacterRow, CharactersRepository } from './characters.repository';
import { toCharacterDocument } from './characters.service';

/** Side of the default avatar a card's PNG gets when the character has no stored picture. */
const CARD_AVATAR_SIZE = 512;
const DEFAULT_AVATAR_PATH = '/api/avatars/shapes';

const notFound = () => AppError.notFound('Character not found', 'CHARACTER_NOT_FOUND');

interface Portrait {
  png: Buffer;
  origin: CardPortraitOrigin;
  url?: string;
}

/** The seed of a default avatar URL, else null. */
function avatarSeed(url: string): string | null {
  if (!url.startsWith(DEFAULT_AVATAR_PATH)) return null;
  return new URL(url, 'http://local.invalid').searchParams.get('seed') ?? '';
}

/**
 * Refuses (413) a card whose picture announces more pixels than may be decoded, on its header
 * alone and before anything else is read, whatever the rest of the file holds.
 */
function refuseHugePicture(png: Buffer) {
  const size = pngDimensions(png);
  if (size && size.width * size.height > IMAGE_MAX_PIXELS) {
    throw new AppError(
      413,
      'IMAGE_TOO_LARGE',
      `This card's picture is ${size.width}×${size.height} pixels; at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
}

/** Exports characters as Character Card V2/V3 (PNG or JSON) and makes characters of such cards. */
export class CharacterCardsService {
  constructor(
    private readonly repo: CharactersRepository,
    private readonly files: FilesPort,
    private readonly clock: Clock,
    private readonly limits: { maxImageBytes: number },
  ) {}

  private async row(userId: string, id: string): Promise<CharacterRow> {
    const row = await this.repo.findById(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The portrait as PNG: the stored picture re-encoded (which also drops its old text chunks), or
   * the default avatar for a default, external or missing one. External pictures are not fetched.
   */
  private async portrait(userId: string, row: CharacterRow): Promise<Portrait> {
    const fileId = row.image_url.startsWith('/api/files/') ? fileIdFromUrl(row.image_url) : null;
    if (fileId) {
      const stored = await this.files.readFile(userId, fileId).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      });
      if (stored?.mimeType.startsWith('image/')) {
        const { name } = await this.files.getFile(userId, fileId);
        const png = await sharp(stored.data, { limitInputPixels: IMAGE_MAX_PIXELS }).png().toBuffer();
        return { png, origin: name.startsWith('generated-') ? 'generated' : 'uploaded' };
      }
    }
    const seed = avatarSeed(row.image_url);
    const png = await shapesAvatarPng(seed ?? row.name, CARD_AVATAR_SIZE);
    if (seed !== null || fileId) return { png, origin: 'default-avatar' };
    return { png, origin: 'external', url: row.image_url };
  }

  private cards(row: CharacterRow, portrait: Omit<Portrait, 'png'>) {
    const attributes = characterAttributesSchema.parse(JSON.parse(row.attributes));
    const character: CharacterForCard = {
      name: row.name,
      description: row.description,
      personality: attributes.personality,
      appearance: attributes.appearance,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      portrait,
    };
    return cardsOf(character, row.card_data);
  }

  /** The V3 card of one of the user's characters. */
  async exportJson(userId: string, id: string): Promise<{ name: string; card: CharacterCardV3 }> {
    const row = await this.row(userId, id);
    const { png: _png, ...portrait } = await this.portrait(userId, row);
    return { name: row.name, card: this.cards(row, portrait).v3 };
  }

  /** The portrait as PNG with the V2 card in `chara` and the V3 card in `ccv3`. */
  async exportPng(userId: string, id: string): Promise<{ name: string; png: Buffer }> {
    const row = await this.row(userId, id);
    const { png, ...portrait } = await this.portrait(userId, row);
    const { v2, v3 } = this.cards(row, portrait);
    const base64 = (card: unknown) => Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
    return {
      name: row.name,
      png: withPngText(png, { [CARD_PNG_KEYWORDS.v2]: base64(v2), [CARD_PNG_KEYWORDS.v3]: base64(v3) }),
    };
  }

  /** The picture of a card PNG, re-encoded without its chunks; 400/413 when it is no usable image. */
  private async cardPicture(png: Buffer): Promise<Buffer> {
    let picture: Buffer;
    try {
      picture = await sharp(png, { limitInputPixels: IMAGE_MAX_PIXELS }).png().toBuffer();
    } catch {
      throw AppError.badRequest("This card's picture cannot be read as an image", ERROR_CODES.invalidCard);
    }
    if (picture.length > this.limits.maxImageBytes) {
      throw new AppError(413, 'CARD_TOO_LARGE', "This card's picture is larger than the image limit");
    }
    return picture;
  }

  /**
   * A new character of the card in `bytes`, its picture (for a PNG) stored as the user's file.
   * Everything is checked before anything is stored; the card's kept text counts against the
   * storage quota, and a refused or failed insert deletes the file again.
   */
  async import(userId: string, bytes: Buffer, kind: 'png' | 'json'): Promise<Character> {
    if (kind === 'png') refuseHugePicture(bytes);
    const card = kind === 'png' ? await readPngCard(bytes) : await readJsonCard(bytes);
    // Mapping a card writes all of its text out again: a turn for other requests first.
    await nextTurn();
    const imported = characterFromCard(card);
    await nextTurn();
    const picture = kind === 'png' ? await this.cardPicture(bytes) : null;
    const imageUrl = picture
      ? await this.files.storeCandidate(userId, picture, 'card-portrait')
      : defaultAvatarUrl(imported.name);
    const row: CharacterRow = {
      id: newId(),
      favorite: 0,
      user_id: userId,
      name: imported.name,
      description: imported.description,
      attributes: JSON.stringify({ appearance: imported.appearance, personality: imported.personality }),
      image_url: imageUrl,
      created_at: this.clock().toISOString(),
      updated_at: null,
      card_data: imported.cardData,
    };
    const quota = this.files.storageQuota();
    let used: number | null;
    try {
      used = await this.repo.insertWithinQuota(row, quota);
    } catch (error) {
      if (picture) await this.files.deleteByUrl(userId, imageUrl);
      throw error;
    }
    if (used !== null) {
      if (picture) await this.files.deleteByUrl(userId, imageUrl);
      throw quotaExceeded(used, quota.bytes, Buffer.byteLength(imported.cardData), 'card');
    }
    if (picture) await this.files.claimUrls(userId, [imageUrl]);
    return toCharacterDocument(row);
  }
}
