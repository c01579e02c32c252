import { Image as ImageIcon, Video } from 'lucide-react';
import type { MediaType } from '@baegen/shared';
import { cn } from '../../lib/cn';

/** The VIDEO / IMAGE badge laid over a media picture's top-left corner. */
export function MediaTypeBadge({ type }: { type: MediaType }) {
  const isVideo = type === 'video';
  return (
    <span
      className={cn(
        'absolute top-3 left-3 inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold tracking-wide text-white',
        isVideo ? 'bg-violet-glow/90' : 'bg-rose-glow/90',
      )}
    >
      {isVideo ? <Video className="size-3.5" aria-hidden /> : <ImageIcon className="size-3.5" aria-hidden />}
      {isVideo ? 'VIDEO' : 'IMAGE'}
    </span>
  );
}
