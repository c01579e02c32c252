import { Image as ImageIcon, Video } from 'lucide-react';
import type { MediaType } from '@baegen/shared';
import { cn } from '../../lib/cn';

/**
 * The VIDEO / IMAGE badge laid over a media picture's top-left corner, beside the checkbox of
 * select mode (SelectableItem) while that is on.
 */
export function MediaTypeBadge({ type }: { type: MediaType }) {
  const isVideo = type === 'video';
  return (
    <span
      className={cn(
        'absolute top-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-1 text-[0.6875rem] font-bold tracking-wide text-white',
        'in-data-selecting:left-12 sm:top-3 sm:left-3 sm:px-2.5 sm:text-xs sm:in-data-selecting:left-14',
        isVideo ? 'bg-violet-glow/90' : 'bg-rose-glow/90',
      )}
    >
      {isVideo ? <Video className="size-3.5" aria-hidden /> : <ImageIcon className="size-3.5" aria-hidden />}
      {isVideo ? 'VIDEO' : 'IMAGE'}
    </span>
  );
}
