import {
  type BulkDeleteResult,
  type Character,
  type CharacterListQuery,
  type CharacterPatch,
  type ListResponse,
  type characterInputSchema,
  defaultAvatarUrl,
} from '@baegen/shared/contract';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { FilesPort } from '../storage';
import { type CharacterCardData, cardDataOf } from './character-card-data';
import type {
  CharacterChanges,
  CharacterFields,
  CharacterRow,
  CharacterSummaryRow,
  CharactersRepository,
} from './characters.repository';

export type ValidCharacterInput = z.output<typeof characterInputSchema>;

const notFound = () => AppError.notFound('Character not found', 'CHARACTER_NOT_FOUND');

export function toCharacterDocument(row: CharacterSummaryRow): Character {
  return {
    $id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    attributes: row.attributes,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    favorite: row.favorite === 1,
  };
}

/** The stored columns of a validated form; an empty image URL becomes the name's default avatar. */
function fieldsFrom(input: ValidCharacterInput): CharacterFields {
  return {
    name: input.name,
    description: input.description,
    attributes: JSON.stringify({ appearance: input.appearance, personality: input.personality }),
    image_url: input.imageUrl || defaultAvatarUrl(input.name),
  };
}

export class CharactersService {
  constructor(
    private readonly repo: CharactersRepository,
    private readonly files: FilesPort,
    private readonly clock: Clock,
  ) {}

  /** A generated portrait is an unclaimed candidate file until a character keeps it. */
  private async keepImage(userId: string, imageUrl: string) {
    await this.files.claimUrls(userId, [imageUrl]);
  }

  async list(userId: string, query: CharacterListQuery): Promise<ListResponse<Character>> {
    const filter = { search: query.search?.trim() || undefined, favorite: query.favorite };
    const page = await this.repo.list(userId, filter, query);
    return { ...page, documents: page.documents.map(toCharacterDocument) };
  }

  async get(userId: string, id: string): Promise<Character> {
    const row = await this.repo.findById(userId, id);
    if (!row) throw notFound();
    return toCharacterDocument(row);
  }

  async create(userId: string, input: ValidCharacterInput): Promise<Character> {
    const row: CharacterRow = {
      id: newId(),
      user_id: userId,
      ...fieldsFrom(input),
      created_at: this.clock().toISOString(),
      updated_at: null,
      card_data: null,
      favorite: 0,
    };
    await this.keepImage(userId, row.image_url);
    await this.repo.insert(row);
    return toCharacterDocument(row);
  }

  /**
   * A full edit of the form, or `{favorite}` alone. A star is no edit of the character: it leaves
   * updatedAt as it was.
   */
  async update(userId: string, id: string, patch: CharacterPatch): Promise<Character> {
    const favorite = patch.favorite === undefined ? {} : { favorite: patch.favorite ? 1 : 0 };
    let changes: CharacterChanges = favorite;
    if ('name' in patch) {
      const fields = fieldsFrom(patch);
      await this.keepImage(userId, fields.image_url);
      changes = { ...fields, ...favorite, updated_at: this.clock().toISOString() };
    }
    const row = await this.repo.update(userId, id, changes);
    if (!row) throw notFound();
    return toCharacterDocument(row);
  }

  /**
   * Media of the character stay: they show as "Unknown Character" afterwards. Its portrait file
   * stays too, since media may use it as their thumbnail.
   */
  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(userId, id))) throw notFound();
  }

  /** All of the named characters of the user, or none and 404 when one is not theirs; as delete does. */
  async deleteMany(userId: string, ids: string[]): Promise<BulkDeleteResult> {
    if (!(await this.repo.deleteMany(userId, ids))) throw notFound();
    return { deleted: ids.length };
  }

  /** The card of the user's character as a chat reads it; 404 when the user has none such. */
  async cardData(userId: string, id: string): Promise<CharacterCardData> {
    const row = await this.repo.findById(userId, id);
    if (!row) throw notFound();
    return cardDataOf(row);
  }

  /** The id and name of the user's character, for media that name it. */
  async findName(userId: string, id: string): Promise<{ id: string; name: string } | undefined> {
    return this.repo.findName(userId, id);
  }

  /** Whether one of the user's characters shows this image, so its file must stay. */
  async usesImageUrl(userId: string, url: string): Promise<boolean> {
    return this.repo.usesImageUrl(userId, url);
  }

  async count(userId: string): Promise<number> {
    return this.repo.count(userId);
  }
}
