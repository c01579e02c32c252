import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { defaultAvatarUrl, previewSources } from '@baegen/shared';
import { cn } from '../../lib/cn';
import { type PicturePriority, pictureLoading } from './card-pictures';

export interface CharacterImageProps {
  src: string;
  /** Seeds the default avatar shown when `src` is empty or fails to load. */
  name: string;
  alt: string;
  className?: string;
  /**
   * `contain` shows the whole picture (the profile, the form's preview), `cover` fills the box
   * (cards, thumbnails), kept on the upper part, where a portrait's face is.
   */
  fit?: 'cover' | 'contain';
  /**
   * The rendered width of the picture (an img `sizes`): with it, a stored picture is fetched as the
   * smallest preview that is sharp enough instead of in full.
   */
  sizes?: string;
  priority?: PicturePriority;
}

/**
 * A character's picture that falls back to the default avatar, then to an icon. A preview that
 * cannot be made falls back to the picture in full first.
 */
export function CharacterImage({
  src,
  name,
  alt,
  className,
  fit = 'cover',
  sizes,
  priority,
}: CharacterImageProps) {
  const [failed, setFailed] = useState<string[]>([]);
  const stored = src.trim();
  const sized = sizes && stored ? previewSources(stored) : null;
  const current = [sized?.src, stored, defaultAvatarUrl(name)].find((url) => url && !failed.includes(url));

  if (!current) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn('grid place-items-center bg-ink-800 text-ink-400', className)}
        data-testid="character-image-placeholder"
      >
        <UserRound className="size-1/3" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={current}
      {...(sized && current === sized.src ? { srcSet: sized.srcSet, sizes } : null)}
      alt={alt}
      {...pictureLoading(priority)}
      decoding="async"
      className={cn(
        'bg-ink-800',
        fit === 'cover' ? 'object-cover object-[center_25%]' : 'object-contain',
        className,
      )}
      onError={() => setFailed((urls) => [...urls, current])}
    />
  );
}
