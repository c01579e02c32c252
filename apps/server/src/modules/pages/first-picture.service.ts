import {
  type Character,
  type CharacterListQuery,
  type ListResponse,
  type Media,
  type MediaListQuery,
  characterListQuerySchema,
  fileIdFromUrl,
  mediaListQuerySchema,
  previewSources,
} from '@baegen/shared/contract';
import type { FoundPicture, WantedPicture } from '../../plugins/route-pages';

/** Where a page's picture comes from, as the services read it. */
export interface PictureSources {
  characters: { list(userId: string, query: CharacterListQuery): Promise<ListResponse<Character>> };
  media: {
    list(userId: string, query: MediaListQuery): Promise<ListResponse<Media>>;
    get(userId: string, id: string): Promise<Media>;
  };
}

// Unfiltered and in the default order, as the page's own first read asks for them.
const FIRST_CHARACTER = characterListQuerySchema.parse({ limit: 1 });
const FIRST_MEDIA = mediaListQuerySchema.parse({ limit: 1 });

/**
 * A user's picture as the page draws it: the first card of a list shows a character's portrait or
 * a saved image as sized previews; the viewer shows its item's image whole. None for a picture
 * stored elsewhere (drawn as it is, from elsewhere) or a video (its player shows it).
 */
export class FirstPictureService {
  constructor(private readonly sources: PictureSources) {}

  async of(userId: string, wanted: WantedPicture): Promise<FoundPicture | null> {
    if ('item' in wanted) {
      const media = await this.sources.media.get(userId, wanted.id);
      return media.type === 'image' && fileIdFromUrl(media.url) ? { src: media.url } : null;
    }
    const previews = previewSources((await this.firstUrl(userId, wanted.list)) ?? '');
    return previews && { ...previews, sizes: wanted.sizes };
  }

  private async firstUrl(userId: string, list: 'characters' | 'media'): Promise<string | null> {
    if (list === 'characters') {
      const [first] = (await this.sources.characters.list(userId, FIRST_CHARACTER)).documents;
      return first?.imageUrl ?? null;
    }
    const [first] = (await this.sources.media.list(userId, FIRST_MEDIA)).documents;
    return first?.type === 'image' ? first.url : null;
  }
}
