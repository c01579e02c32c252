import { Link } from 'react-router';
import {
  type Character,
  type Media,
  MEDIA_TITLE_PREVIEW,
  ROUTES,
  formatDate,
  truncate,
} from '@baegen/shared';
import { MediaTypeBadge } from '../../../components/ui/media-type-badge';

const CARD =
  'card group flex flex-col overflow-hidden transition hover:border-rose-glow/40 hover:shadow-glow';

/** A recent character; opens the media form for her. */
export function RecentCharacterCard({ character }: { character: Character }) {
  return (
    <Link to={ROUTES.newMediaFor(character.$id)} className={CARD} data-testid="recent-character">
      <div className="relative aspect-[4/3] bg-ink-850">
        <img
          src={character.imageUrl}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
        />
      </div>
      <div className="p-4">
        <h3 className="truncate font-semibold text-ink-100 group-hover:text-rose-glow">{character.name}</h3>
        <p className="text-xs text-ink-400">
          <time dateTime={character.createdAt}>{formatDate(character.createdAt)}</time>
        </p>
      </div>
    </Link>
  );
}

/** A recent photo or video; opens the gallery. */
export function RecentMediaCard({ media }: { media: Media }) {
  const isVideo = media.type === 'video';
  const picture = isVideo ? media.thumbnail : media.url;
  return (
    <Link to={ROUTES.media} className={CARD} data-testid="recent-media">
      <div className="relative aspect-[4/3] bg-ink-850">
        {picture ? (
          <img src={picture} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        ) : null}
        <MediaTypeBadge type={media.type} />
      </div>
      <div className="p-4">
        <h3 className="truncate font-semibold text-ink-100 group-hover:text-rose-glow">
          {truncate(media.prompt, MEDIA_TITLE_PREVIEW)}
        </h3>
        <p className="truncate text-xs text-ink-400">
          {media.characterName} · <time dateTime={media.createdAt}>{formatDate(media.createdAt)}</time>
        </p>
      </div>
    </Link>
  );
}
