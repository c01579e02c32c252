import { type ReactNode, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import type { Media } from '@baegen/shared';
import { cn } from '../../lib/cn';

/**
 * A gallery video: plays and pauses in place, with a button over it for mouse, touch and keyboard.
 * `overlay` (the viewer's link) lies over the video and under that button.
 */
export function VideoPlayer({ media, title, overlay }: { media: Media; title: string; overlay?: ReactNode }) {
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
        className="absolute inset-0 size-full object-cover object-[center_25%]"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onClick={toggle}
      />
      {overlay}
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
