/** The full-size media viewer at /media/:id. */
export const VIEWER_LABELS = {
  open: (title: string) => `Open ${title}`,
  dialog: (title: string) => `Media viewer: ${title}`,
  previous: 'Previous',
  next: 'Next',
  close: 'Close viewer',
  position: (index: number, total: number) => `${index} of ${total}`,
  download: (title: string) => `Download ${title}`,
  downloadTitle: 'Download',
  delete: (title: string) => `Delete media: ${title}`,
  deleteTitle: 'Delete',
  loading: 'Loading media…',
  notFoundTitle: 'Media not found',
  notFoundText: 'This photo or video is not in your gallery. It may have been deleted.',
  backToGallery: 'Back to gallery',
  swipeHint: 'Use the arrow keys or swipe to see the next one.',
} as const;
