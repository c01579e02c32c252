import type { Media } from '@baegen/shared';
import { downloadMedia } from './media-file';
import { useBusyTask } from './use-busy-task';

/** Download of one media as the card and the viewer offer it; docs/product.md §8.2: failures are only logged. */
export function useMediaDownload(media: Pick<Media, '$id' | 'type' | 'url'>) {
  return useBusyTask(
    () => downloadMedia(media),
    (error) => console.error('Download failed', error),
  );
}
