import { type PointerEvent, useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { type Media, VIEWER_LABELS } from '@baegen/shared';

/** A horizontal move at least this long (px), and longer than it is tall, turns the page. */
export const SWIPE_MIN_PX = 50;
/** The strip at the foot of a video where the browser draws its controls (a drag there scrubs). */
const VIDEO_CONTROLS_PX = 64;

function onVideoControls(event: PointerEvent): boolean {
  const { target } = event;
  return (
    target instanceof HTMLVideoElement &&
    event.clientY > target.getBoundingClientRect().bottom - VIDEO_CONTROLS_PX
  );
}

/**
 * The side a finished swipe points to: 'next' for a move to the left, 'previous' to the right,
 * null for a tap, a short or a mostly vertical move.
 */
export function swipeDirection(dx: number, dy: number): 'next' | 'previous' | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

/**
 * The media full size, the whole picture in view (contain), with a swipe on touch or pen to go
 * to the next or previous one. The mouse is left to the video's own controls.
 */
export function MediaViewerStage({
  media,
  title,
  onSwipe,
}: {
  media: Media;
  title: string;
  onSwipe: (direction: 'next' | 'previous') => void;
}) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const loaded = media.type === 'video' || loadedUrl === media.url;

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !event.isPrimary || onVideoControls(event)) return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
    if (direction) onSwipe(direction);
  };

  const fit = 'size-full object-contain';
  return (
    <div
      className="relative flex size-full touch-pan-y items-center justify-center select-none"
      data-testid="viewer-stage"
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
    >
      {loaded ? null : (
        <p role="status" className="absolute inset-0 m-auto flex size-fit items-center gap-2 text-ink-300">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          {VIEWER_LABELS.loading}
        </p>
      )}
      {media.type === 'video' ? (
        <video
          key={media.$id}
          src={media.url}
          poster={media.thumbnail || undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={title}
          className={fit}
        />
      ) : (
        <img
          key={media.$id}
          src={media.url}
          alt={title}
          // The page's largest paint, ahead of the gallery's pictures beneath.
          fetchPriority="high"
          decoding="async"
          draggable={false}
          onLoad={() => setLoadedUrl(media.url)}
          onError={() => setLoadedUrl(media.url)}
          // Shown as soon as the browser has it, over the loading status, rather than faded in once
          // the page has heard it loaded: that wait held the viewer's largest paint back by over a
          // second on a phone.
          className={`${fit} relative`}
        />
      )}
    </div>
  );
}
