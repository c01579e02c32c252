import { type KeyboardEvent, useRef } from 'react';
import { ArrowLeft, ChevronLeft, ChevronRight, ImageOff, Loader2, X } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Media, PAGE_HEADINGS, ROUTES, VIEWER_LABELS, documentTitle } from '@baegen/shared';
import { mediaKeys } from '../../api/media.queries';
import type { ViewerLinkState } from '../../components/cards/media-card';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { RetryState } from '../../components/ui/retry-state';
import { keepTabInside } from '../../lib/focus-trap';
import { mediaTitle } from '../../lib/media-file';
import { usePendingDelete } from '../../lib/use-pending-delete';
import { cn } from '../../lib/cn';
import { useDeleteMedia } from './api/use-delete-media';
import { useFavoriteMedia } from './api/use-favorite-media';
import { MediaViewerStage } from './components/media-viewer-stage';
import { MediaViewerToolbar, VIEWER_BUTTON } from './components/media-viewer-toolbar';
import { useViewerItem } from './use-viewer-item';
import { useViewerShell } from './use-viewer-shell';

/**
 * One photo or video full size at /media/:id, drawn over the gallery (which stays mounted beneath
 * it): previous and next through the gallery's filtered list (buttons, arrow keys, a swipe), the
 * card's actions, and Escape, the close button or Back to return to the gallery as it was left.
 */
export function MediaViewerPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const view = useViewerItem(id);
  const { media, previous, next } = view;
  const title = media ? mediaTitle(media) : PAGE_HEADINGS.media;
  const closeButton = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const shownId = useRef(id);
  shownId.current = id;

  useViewerShell({
    title: documentTitle(title),
    initialFocus: closeButton,
    returnTarget: () =>
      [...document.querySelectorAll<HTMLElement>('[data-media-link]')].find(
        (link) => link.dataset.mediaLink === shownId.current,
      ) ?? null,
  });

  const fromList = (location.state as ViewerLinkState | null)?.fromList === true;
  // Next and previous replace the entry, so Back always leads to the gallery.
  const show = (target: Media | undefined) => {
    if (target)
      void navigate(ROUTES.mediaItem(target.$id, location.search), { replace: true, state: location.state });
  };
  const close = () => {
    if (fromList) void navigate(-1);
    else void navigate(`${ROUTES.media}${location.search}`, { replace: true });
  };

  const favorite = useFavoriteMedia();
  const onFavorite = (target: Media, starred: boolean) =>
    favorite.mutate(
      { id: target.$id, favorite: starred },
      // A media fetched alone is in no cached list: its own query is asked again.
      { onSettled: () => void queryClient.invalidateQueries({ queryKey: mediaKeys.item(target.$id) }) },
    );

  const remove = useDeleteMedia();
  const deletion = usePendingDelete<Media>({
    isPending: remove.isPending,
    mutate: (targetId, { onSettled }) => {
      const after = next ?? previous;
      remove.mutate(targetId, {
        onSettled,
        onSuccess: () => (after ? show(after) : close()),
      });
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed in a dialog opened from here (details, delete) are that dialog's.
    if ((event.target as HTMLElement).closest('dialog')) return;
    keepTabInside(event, container.current);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowRight') show(next);
    else if (event.key === 'ArrowLeft') show(previous);
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={container}
      role="dialog"
      aria-modal="true"
      aria-label={VIEWER_LABELS.dialog(title)}
      data-testid="media-viewer"
      // Focusable, so a click on the picture keeps the keys here.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col bg-ink-950 text-ink-100 outline-none"
    >
      <header className="flex items-center gap-3 px-3 py-2 sm:px-5 sm:py-3">
        <button
          ref={closeButton}
          type="button"
          onClick={close}
          aria-label={VIEWER_LABELS.close}
          title={VIEWER_LABELS.close}
          className={VIEWER_BUTTON}
        >
          <X className="size-5" aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold sm:text-lg">{title}</h2>
          {media ? <p className="truncate text-sm text-rose-glow">{media.characterName}</p> : null}
        </div>
        {view.position ? (
          <p className="shrink-0 text-sm text-ink-300" aria-live="polite">
            {VIEWER_LABELS.position(view.position.index, view.position.total)}
          </p>
        ) : null}
      </header>

      <div className="relative min-h-0 flex-1">
        {media ? (
          <MediaViewerStage
            media={media}
            title={title}
            onSwipe={(direction) => show(direction === 'next' ? next : previous)}
          />
        ) : (
          <ViewerPlaceholder view={view} onClose={close} />
        )}
        {media ? (
          <>
            <StepButton side="previous" target={previous} onClick={() => show(previous)} />
            <StepButton side="next" target={next} onClick={() => show(next)} />
          </>
        ) : null}
      </div>

      {media ? (
        <footer className="px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          <MediaViewerToolbar
            media={media}
            title={title}
            onFavorite={(starred) => onFavorite(media, starred)}
            onDelete={() => deletion.ask(media)}
          />
          <p className="sr-only">{VIEWER_LABELS.swipeHint}</p>
        </footer>
      ) : null}
      <ConfirmDialog
        title={MESSAGES.media.deleteTitle}
        message={MESSAGES.media.deleteConfirm}
        {...deletion.dialog}
      />
    </div>
  );
}

function StepButton({
  side,
  target,
  onClick,
}: {
  side: 'previous' | 'next';
  target: Media | undefined;
  onClick: () => void;
}) {
  const Icon = side === 'next' ? ChevronRight : ChevronLeft;
  if (!target) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${VIEWER_LABELS[side]}: ${mediaTitle(target)}`}
      title={VIEWER_LABELS[side]}
      className={cn(
        VIEWER_BUTTON,
        'absolute top-1/2 -translate-y-1/2 bg-black/50',
        side === 'next' ? 'right-2 sm:right-4' : 'left-2 sm:left-4',
      )}
    >
      <Icon className="size-6" aria-hidden />
    </button>
  );
}

function ViewerPlaceholder({
  view,
  onClose,
}: {
  view: Pick<ReturnType<typeof useViewerItem>, 'loading' | 'notFound' | 'failed' | 'retry'>;
  onClose: () => void;
}) {
  if (view.notFound) {
    return (
      <div className="mx-auto max-w-md p-4">
        <EmptyState
          icon={<ImageOff className="size-8" aria-hidden />}
          title={VIEWER_LABELS.notFoundTitle}
          text={VIEWER_LABELS.notFoundText}
          action={
            <Button variant="secondary" icon={ArrowLeft} onClick={onClose}>
              {VIEWER_LABELS.backToGallery}
            </Button>
          }
        />
      </div>
    );
  }
  if (view.failed) {
    return (
      <div className="mx-auto max-w-md p-4">
        <RetryState title={MESSAGES.media.loadFailed} onRetry={view.retry} />
      </div>
    );
  }
  return (
    <p role="status" className="flex h-full items-center justify-center gap-2 text-ink-300">
      <Loader2 className="size-5 animate-spin" aria-hidden />
      {VIEWER_LABELS.loading}
    </p>
  );
}
