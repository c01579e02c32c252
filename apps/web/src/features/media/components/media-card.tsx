import { useRef, useState } from 'react';
import { Download, ExternalLink, Pause, Play, Trash2 } from 'lucide-react';
import { type Media, formatDate } from '@baegen/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { downloadMedia, mediaTitle } from '../media-file';
import { MediaTypeBadge } from '../../../components/ui/media-type-badge';

function VideoPlayer({ media, title }: { media: Media; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) {
      video.play().catch((error: unknown) => console.error('Video playback failed', error));
    } else {
      video.pause();
    }
  };
  return (
    <>
      <video
        ref={ref}
        src={media.url}
        poster={media.thumbnail || undefined}
        preload="metadata"
        playsInline
        loop
        aria-label={title}
        className="absolute inset-0 size-full object-cover"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onClick={toggle}
      />
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause video' : 'Play video'}
        className={cn(
          'absolute inset-0 m-auto grid size-14 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition',
          'hover:bg-black/70',
          playing ? 'opacity-0 group-hover:opacity-100 focus-visible:opacity-100' : 'opacity-100',
        )}
      >
        {playing ? <Pause className="size-6" aria-hidden /> : <Play className="ml-0.5 size-6" aria-hidden />}
      </button>
    </>
  );
}

export interface MediaCardProps {
  media: Media;
  onDelete: (media: Media) => void;
}

/** One photo or video of the gallery (SPEC.md §2 media card). */
export function MediaCard({ media, onDelete }: MediaCardProps) {
  const [downloading, setDownloading] = useState(false);
  const title = mediaTitle(media);
  const isVideo = media.type === 'video';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMedia(media);
    } catch (error) {
      // SPEC.md §8: download failures are only logged.
      console.error('Download failed', error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article
      className="card group flex flex-col overflow-hidden"
      data-testid="media-card"
      data-media-id={media.$id}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink-850">
        {isVideo ? (
          <VideoPlayer media={media} title={title} />
        ) : (
          <img
            src={media.url}
            alt={title}
            loading="lazy"
            className="absolute inset-0 size-full object-cover object-top"
          />
        )}
        <MediaTypeBadge type={media.type} />
        <button
          type="button"
          onClick={() => onDelete(media)}
          aria-label={`Delete media: ${title}`}
          title="Delete"
          className="absolute top-3 right-3 grid size-9 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition hover:bg-red-500"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="line-clamp-2 text-base font-semibold break-words text-ink-100" title={media.prompt}>
          {title}
        </h3>
        <p className="mt-1 truncate text-sm text-rose-glow">{media.characterName}</p>
        <p className="text-xs text-ink-400">
          <time dateTime={media.createdAt}>{formatDate(media.createdAt)}</time>
        </p>
        <div className="mt-auto flex flex-col gap-2 pt-4">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void download()}
            disabled={downloading}
            className="w-full"
            icon={<Download className="size-4" aria-hidden />}
            aria-label={downloading ? undefined : `Download ${title}`}
          >
            {downloading ? 'Processing...' : 'Download'}
          </Button>
          {isVideo ? null : (
            <a
              href={media.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('ghost', 'sm', 'w-full')}
            >
              <ExternalLink className="size-4" aria-hidden />
              View Full Image
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
