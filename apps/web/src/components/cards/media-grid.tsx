import { ImageOff } from 'lucide-react';
import { CARD_PICTURES } from './card-pictures';

/** What every grid of media cards shares: its noun, its skeletons' picture and its empty icon. */
export const MEDIA_GRID = {
  noun: 'media',
  skeletonPicture: CARD_PICTURES.media,
  icon: <ImageOff className="size-8" aria-hidden />,
} as const;
