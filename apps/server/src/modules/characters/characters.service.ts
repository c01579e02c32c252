import {
  type Character,
  type ListQuery,
  type ListResponse,
  type characterInputSchema,
  defaultAvatarUrl,
} from '@baegen/shared';
import type { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../db/sql-helpers';
import { AppError } from '../../errors/app-error';
import { newId, nowIso } from '../../lib/ids';
import type { FilesPort } from '../storage/files.port';
import type { CharacterFields, CharacterRow, CharactersRepository } from './characters.repository';

export type ValidCharacterInput = z.output<typeof characterInputSchema>;

const notFound = () => AppError.notFound('Character not found', 'CHARACTER_NOT_FOUND');

export function toCharacterDocument(row: CharacterRow): Character {
  return {
    $id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    attributes: row.attributes,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
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
  ) {}

  /** A generated portrait is an unclaimed candidate file until a character keeps it. */
  private async keepImage(userId: string, imageUrl: string) {
    await this.files.claimUrls(userId, [imageUrl]);
  }

  async list(userId: string, query: ListQuery): Promise<ListResponse<Character>> {
    const search = query.search?.trim();
    const { rows, total } = await this.repo.list(userId, {
      search: search || undefined,
      // One row more than asked tells whether another page exists.
      limit: query.limit + 1,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
    return { total, documents: page.map(toCharacterDocument), nextCursor };
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
      created_at: nowIso(),
      updated_at: null,
    };
    await this.keepImage(userId, row.image_url);
    await this.repo.insert(row);
    return toCharacterDocument(row);
  }

  async update(userId: string, id: string, input: ValidCharacterInput): Promise<Character> {
    const fields = fieldsFrom(input);
    await this.keepImage(userId, fields.image_url);
    const row = await this.repo.update(userId, id, { ...fields, updated_at: nowIso() });
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
}
