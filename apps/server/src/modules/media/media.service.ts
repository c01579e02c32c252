import {
  type BulkDeleteResult,
  type ListResponse,
  type Media,
  type MediaGeneration,
  type MediaListQuery,
  type MediaStats,
  type MediaType,
  API_MESSAGES,
  ERROR_CODES,
  UNKNOWN_CHARACTER,
  fileIdFromUrl,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { FilesPort } from '../storage';
import type { CharacterLookupPort } from './character-lookup.port';
import type { MediaRepository, MediaRow } from './media.repository';
import type { ProvenancePort } from './provenance.port';

export interface NewMedia {
  characterId: string;
  type: MediaType;
  prompt: string;
  url: string;
  thumbnail: string;
  /** A selfie's: the chat and message that show it, recorded beside how its file was made. */
  chat?: { chatId: string; messageId: string };
}

/** The media's stored provenance, as the shared schema has it. */
export const generationOf = (row: Pick<MediaRow, 'generation'>): MediaGeneration | null =>
  row.generation === null ? null : (JSON.parse(row.generation) as MediaGeneration);

function toDocument(row: MediaRow): Media {
  return {
    $id: row.id,
    userId: row.user_id,
    characterId: row.character_id,
    type: row.type,
    prompt: row.prompt,
    url: row.url,
    thumbnail: row.thumbnail,
    createdAt: row.created_at,
    characterName: row.character_name ?? UNKNOWN_CHARACTER,
    generation: generationOf(row),
    favorite: row.favorite === 1,
  };
}

const mediaNotFound = () => AppError.notFound('Media not found', 'MEDIA_NOT_FOUND');
const alreadySaved = () => new AppError(409, ERROR_CODES.mediaAlreadySaved, API_MESSAGES.media.alreadySaved);

export class MediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly files: FilesPort,
    private readonly characters: CharacterLookupPort,
    private readonly provenance: ProvenancePort,
    private readonly clock: Clock,
  ) {}

  /** `id` is the generation job's own id when a job saves its result, so a repeat is a no-op. */
  async create(userId: string, input: NewMedia, id = newId()): Promise<Media> {
    const character = await this.characters.findName(userId, input.characterId);
    if (!character) throw AppError.notFound('Character not found', 'CHARACTER_NOT_FOUND');
    const fileId = fileIdFromUrl(input.url);
    // One record per stored file: a second save of the same image (Back, then Save again) is refused.
    const saved = fileId ? await this.repo.findByFile(userId, fileId, input.url) : undefined;
    if (saved !== undefined && saved !== id) throw alreadySaved();
    // Claimed before the row exists: a sweep between the two steps must not take a kept file.
    await this.files.claimUrls(userId, [input.url, input.thumbnail].filter(Boolean));
    // Looked up from the job that stored the file: a client cannot claim how a media was made.
    const made = fileId ? await this.provenance.ofFile(userId, fileId) : null;
    const generation = made && input.chat ? { ...made, ...input.chat } : made;
    const record = {
      id,
      user_id: userId,
      character_id: character.id,
      type: input.type,
      prompt: input.prompt,
      url: input.url,
      thumbnail: input.thumbnail,
      file_id: fileId,
      created_at: this.clock().toISOString(),
      generation: generation ? JSON.stringify(generation) : null,
    };
    if (!(await this.repo.insert(record))) throw alreadySaved();
    return toDocument({ ...record, favorite: 0, character_name: character.name });
  }

  async list(userId: string, query: MediaListQuery): Promise<ListResponse<Media>> {
    const search = query.search?.trim();
    const filter = {
      characterId: query.characterId || undefined,
      type: query.type,
      search: search ? search : undefined,
      favorite: query.favorite,
    };
    const page = await this.repo.list(userId, filter, query);
    return { ...page, documents: page.documents.map(toDocument) };
  }

  async setFavorite(userId: string, id: string, favorite: boolean): Promise<Media> {
    const row = await this.repo.setFavorite(userId, id, favorite);
    if (!row) throw mediaNotFound();
    return toDocument(row);
  }

  /** Removes the record, then its stored file unless another of the user's records still shows it. */
  async remove(userId: string, id: string): Promise<void> {
    const removed = await this.repo.delete(userId, id);
    if (!removed) throw mediaNotFound();
    await this.releaseFile(userId, removed.url);
  }

  /** Removes all the named records or none (404 when one is not the user's), then their files. */
  async removeMany(userId: string, ids: string[]): Promise<BulkDeleteResult> {
    const removed = await this.repo.deleteMany(userId, ids);
    if (!removed) throw mediaNotFound();
    for (const url of new Set(removed.map((row) => row.url))) await this.releaseFile(userId, url);
    return { deleted: removed.length };
  }

  /** One of the user's media, as a list shows it; 404 when it is not theirs. */
  async get(userId: string, id: string): Promise<Media> {
    const [media] = await this.getMany(userId, [id]);
    return media!;
  }

  /** The user's media named by `ids`, in that order; 404 when one is not theirs. */
  async getMany(userId: string, ids: string[]): Promise<Media[]> {
    const rows = new Map((await this.repo.findByIds(userId, ids)).map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = rows.get(id);
      if (!row) throw mediaNotFound();
      return toDocument(row);
    });
  }

  /** The prompts of those of these media the user still has, by id. */
  async promptsOf(userId: string, ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.findByIds(userId, ids)).map((row) => [row.id, row.prompt]));
  }

  /** The id of the user's media showing this URL, else null. */
  async idByUrl(userId: string, url: string): Promise<string | null> {
    return (await this.repo.findByUrl(userId, url)) ?? null;
  }

  /** Deletes the stored file behind `url` once no record of the user shows it any more. */

  private async releaseFile(userId: string, url: string): Promise<void> {
    const inUse =
      (await this.repo.isUrlInUse(userId, url)) || (await this.characters.usesImageUrl(userId, url));
    if (!inUse) await this.files.deleteByUrl(userId, url);
  }

  async stats(userId: string): Promise<MediaStats> {
    const characters = await this.characters.count(userId);
    const { videos, images } = await this.repo.countByType(userId);
    return { characters, videos, images, totalMedia: videos + images };
  }
}
