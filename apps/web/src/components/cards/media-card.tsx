import { Download, ExternalLink, MessageCircle, Trash2 } from 'lucide-react';
import { Link } from '../ui/link';
import { CHAT_LABELS, type Media, ROUTES, VIEWER_LABELS, formatDate, previewSources } from '@baegen/shared';
import { mediaTitle } from '../../lib/media-file';
import { useMediaDownload } from '../../lib/use-media-download';
import { Button, buttonClasses } from '../ui/button';
import { MediaTypeBadge } from '../ui/media-type-badge';
import {
  CARD_PICTURES,
  COMPACT_SIZES,
  GALLERY_SIZES,
  type PicturePriority,
  pictureLoading,
} from './card-pictures';
import { type CardProps, CompactCard } from './compact-card';
import { MediaInfoButton } from './media-info-button';
import { FavoriteButton } from './favorite-button';
import { VideoPlayer } from './video-player';

/**
 * Compact, the dashboard's recent card: picture, title, character and date, one link to the gallery.
 * With `viewerQuery` (the gallery's `?q=&character=&type=`), the picture opens the viewer on that list.
 */
export type MediaCardProps = CardProps<'media', Media> & { viewerQuery?: string };

/** What the gallery's link tells the viewer: Back (history) returns to the list it came from. */
export interface ViewerLinkState {
  fromList: true;
}

const VIEWER_FROM_LIST: ViewerLinkState = { fromList: true };

function MediaDate({ media }: { media: Media }) {
  return <time dateTime={media.createdAt}>{formatDate(media.createdAt)}</time>;
}

/** A picture sent in a chat leads back to that chat. */
function FromChatBadge({ chatId }: { chatId: string }) {
  return (
    <Link
      to={ROUTES.chat(chatId)}
      className="inline-flex w-fit items-center gap-1 rounded-full bg-violet-glow/20 px-2 py-0.5 text-xs font-semibold text-violet-glow hover:bg-violet-glow/30"
    >
      <MessageCircle className="size-3.5" aria-hidden />
      {CHAT_LABELS.fromChat}
    </Link>
  );
}

function CompactMediaCard({ media, priority }: { media: Media; priority?: PicturePriority }) {
  const picture = media.type === 'video' ? media.thumbnail : media.url;
  const sized = picture ? previewSources(picture) : null;
  return (
    <CompactCard
      to={ROUTES.mediaItem(media.$id)}
      state={VIEWER_FROM_LIST}
      testId="recent-media"
      picture={
        <>
          {picture ? (
            <img
              src={picture}
              {...sized}
              sizes={sized ? COMPACT_SIZES : undefined}
              alt=""
              {...pictureLoading(priority)}
              decoding="async"
              className="absolute inset-0 size-full object-cover object-[center_25%]"
            />
          ) : null}
          <MediaTypeBadge type={media.type} />
        </>
      }
      title={mediaTitle(media)}
      meta={
        <>
          {media.characterName} · <MediaDate media={media} />
        </>
      }
    />
  );
}

/** One photo or video of the gallery (docs/product.md §2.3), or its compact variant. */
export function MediaCard(props: MediaCardProps) {
  const { media, priority } = props;
  const download = useMediaDownload(media);
  if (props.compact) return <CompactMediaCard media={media} priority={priority} />;

  const { onDelete, onFavorite, viewerQuery } = props;
  const title = mediaTitle(media);
  const isVideo = media.type === 'video';
  const viewerLink =
    viewerQuery === undefined ? null : (
      <Link
        to={ROUTES.mediaItem(media.$id, viewerQuery)}
        state={VIEWER_FROM_LIST}
        aria-label={VIEWER_LABELS.open(title)}
        data-media-link={media.$id}
        className="absolute inset-0 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-rose-glow"
      />
    );

  return (
    <article
      className="card group relative flex flex-col overflow-hidden"
      data-testid="media-card"
      data-media-id={media.$id}
    >
      <div className={`relative ${CARD_PICTURES.media} overflow-hidden bg-ink-850`}>
        {isVideo ? (
          <VideoPlayer media={media} title={title} overlay={viewerLink} />
        ) : (
          <>
            <img
              src={media.url}
              {...previewSources(media.url)}
              sizes={GALLERY_SIZES}
              alt={title}
              {...pictureLoading(priority)}
              decoding="async"
              className="absolute inset-0 size-full object-cover object-[center_25%]"
            />
            {viewerLink}
          </>
        )}
        <MediaTypeBadge type={media.type} />
        {onFavorite ? (
          <FavoriteButton
            favorite={media.favorite}
            subject={title}
            onToggle={(favorite) => onFavorite(media, favorite)}
            className="absolute top-2 right-2 max-sm:size-8 sm:top-3 sm:right-25"
          />
        ) : null}
      </div>
      {/* On a phone the card is a thumbnail of a two-column grid: one line of text and a row of icons. */}
      <div className="flex flex-1 flex-col p-2 sm:p-4">
        <h2
          className="line-clamp-1 text-sm font-semibold break-words text-ink-100 sm:line-clamp-2 sm:text-base"
          title={media.prompt}
        >
          {title}
        </h2>
        <p className="mt-0.5 truncate text-xs text-rose-glow sm:mt-1 sm:text-sm">{media.characterName}</p>
        <p className="text-xs text-ink-400">
          <MediaDate media={media} />
        </p>
        {media.generation?.chatId ? <FromChatBadge chatId={media.generation.chatId} /> : null}
        <div
          className="mt-auto flex flex-wrap items-center gap-1 pt-2 sm:flex-col sm:flex-nowrap sm:items-stretch sm:gap-2 sm:pt-4"
          data-testid="media-card-actions"
        >
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void download.run()}
            disabled={download.busy}
            className="max-sm:w-8 max-sm:px-0 sm:w-full"
            icon={Download}
            aria-label={download.busy ? undefined : `Download ${title}`}
          >
            <span className="max-sm:sr-only">{download.busy ? 'Processing...' : 'Download'}</span>
          </Button>
          {/* A video has no full image: the space stays, so Download lines up across a row. */}
          {isVideo ? (
            <div className="hidden h-8 sm:block" aria-hidden />
          ) : (
            <a
              href={media.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('ghost', 'sm', 'max-sm:w-8 max-sm:px-0 sm:w-full')}
            >
              <ExternalLink className="size-4" aria-hidden />
              <span className="max-sm:sr-only">View Full Image</span>
            </a>
          )}
          {/* Laid over the picture's top-right corner from the sm breakpoint, in this row below it. */}
          <div className="ml-auto flex gap-1 sm:absolute sm:top-3 sm:right-3 sm:ml-0 sm:gap-2">
            <MediaInfoButton media={media} title={title} className="max-sm:size-8" />
            <button
              type="button"
              onClick={() => onDelete(media)}
              aria-label={`Delete media: ${title}`}
              title="Delete"
              className="grid size-8 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition hover:bg-red-500 sm:size-9"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
