import { Download, Shuffle, Trash2 } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { type Media, PROVENANCE_TEXT, VIEWER_LABELS, remixRoute } from '@baegen/shared';
import { FavoriteButton } from '../../../components/cards/favorite-button';
import { MediaInfoButton } from '../../../components/cards/media-info-button';
import { useMediaDownload } from '../../../lib/use-media-download';
import { cn } from '../../../lib/cn';

/** A round button of the viewer, the size of a fingertip. */
export const VIEWER_BUTTON =
  'grid size-11 place-items-center rounded-full bg-white/10 text-white transition hover:bg-white/20 disabled:opacity-60';

// The card's own star and info buttons are drawn at the viewer's size and shade (the child
// selector outranks their card classes).
const BAR = 'flex flex-wrap items-center justify-center gap-3 [&>button]:size-11 [&>button]:bg-white/10';

/** What can be done with the media on view: the gallery card's actions, the card's own hooks behind them. */
export function MediaViewerToolbar({
  media,
  title,
  onFavorite,
  onDelete,
}: {
  media: Media;
  title: string;
  onFavorite: (favorite: boolean) => void;
  onDelete: () => void;
}) {
  const download = useMediaDownload(media);
  return (
    <div className={BAR} role="group" aria-label={title}>
      <button
        type="button"
        className={VIEWER_BUTTON}
        onClick={() => void download.run()}
        disabled={download.busy}
        aria-label={VIEWER_LABELS.download(title)}
        title={VIEWER_LABELS.downloadTitle}
      >
        <Download className={cn('size-5', download.busy && 'animate-pulse')} aria-hidden />
      </button>
      <FavoriteButton favorite={media.favorite} subject={title} onToggle={onFavorite} />
      <MediaInfoButton media={media} title={title} className="" />
      <Link
        to={remixRoute(media.characterId, media.type, media.prompt)}
        className={VIEWER_BUTTON}
        aria-label={`${PROVENANCE_TEXT.remix}: ${title}`}
        title={PROVENANCE_TEXT.remix}
      >
        <Shuffle className="size-5" aria-hidden />
      </Link>
      <button
        type="button"
        className={cn(VIEWER_BUTTON, 'hover:bg-red-500')}
        onClick={onDelete}
        aria-label={VIEWER_LABELS.delete(title)}
        title={VIEWER_LABELS.deleteTitle}
      >
        <Trash2 className="size-5" aria-hidden />
      </button>
    </div>
  );
}
