import {
  type Character,
  type CharacterListQuery,
  type ListResponse,
  type Media,
  type MediaListQuery,
  type PagePicture,
  type PreviewSources,
  characterListQuerySchema,
  mediaListQuerySchema,
  previewSources,
} from '@baegen/shared/contract';

/** The lists a page's first picture comes from, as their services read them. */
export interface PictureLists {
  characters: { list(userId: string, query: CharacterListQuery): Promise<ListResponse<Character>> };
  media: { list(userId: string, query: MediaListQuery): Promise<ListResponse<Media>> };
}

// Unfiltered and in the default order, as the page's own first read asks for them.
const FIRST_CHARACTER = characterListQuerySchema.parse({ limit: 1 });
const FIRST_MEDIA = mediaListQuerySchema.parse({ limit: 1 });

/**
 * The previews of the first picture of one of a user's lists, as the first card of that list shows
 * it: a character's portrait, a saved image. None when that picture is stored elsewhere (the card
 * shows it as it is) or is a video (its card plays the video).
 */
export class FirstPictureService {
  constructor(private readonly lists: PictureLists) {}

  async of(userId: string, list: PagePicture['list']): Promise<PreviewSources | null> {
    return previewSources((await this.firstUrl(userId, list)) ?? '');
  }

  private async firstUrl(userId: string, list: PagePicture['list']): Promise<string | null> {
    if (list === 'characters') {
      const [first] = (await this.lists.characters.list(userId, FIRST_CHARACTER)).documents;
      return first?.imageUrl ?? null;
    }
    const [first] = (await this.lists.media.list(userId, FIRST_MEDIA)).documents;
    return first?.type === 'image' ? first.url : null;
  }
}
