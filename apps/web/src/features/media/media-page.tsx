import { useEffect, useState } from 'react';
import { ImageOff, Plus, RefreshCw } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { MESSAGES, type Media, ROUTES } from '@baegen/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { CardSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useCharacterOptions } from './api/use-character-options';
import { useDeleteMedia } from './api/use-delete-media';
import { useMediaList } from './api/use-media-list';
import { MediaCard } from './components/media-card';
import { MediaFilters } from './components/media-filters';
import { useMediaFilters } from './use-media-filters';

const GRID_ID = 'media-grid';
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
const SKELETONS = 8;

export function MediaPage() {
  const { filters, update, clear, active } = useMediaFilters();
  const media = useMediaList(filters);
  const characters = useCharacterOptions();
  const deletion = useDeleteMedia();
  const [pendingDelete, setPendingDelete] = useState<Media | null>(null);

  const failed = media.isError && !media.data;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.media.loadFailed, { id: 'media-load-failed' });
  }, [failed]);

  const documents = media.data?.pages.flatMap((page) => page.documents) ?? [];
  const total = media.data?.pages[0]?.total ?? 0;

  const confirmDelete = () => {
    if (!pendingDelete) return;
    deletion.mutate(pendingDelete.$id, {
      onSuccess: () => {
        toast.success(MESSAGES.media.deleted);
        setPendingDelete(null);
      },
      onError: (error) => {
        console.error('Media delete failed', error);
        toast.error(MESSAGES.media.deleteFailed);
        setPendingDelete(null);
      },
    });
  };

  let body;
  if (media.isPending) {
    body = (
      <div className={GRID} role="status" aria-label="Loading media">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <CardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (failed) {
    body = (
      <EmptyState
        icon={<ImageOff className="size-8" aria-hidden />}
        title={MESSAGES.media.loadFailed}
        action={
          <Button
            variant="secondary"
            onClick={() => void media.refetch()}
            icon={<RefreshCw className="size-4" aria-hidden />}
          >
            Try again
          </Button>
        }
      />
    );
  } else if (documents.length === 0) {
    body = (
      <EmptyState
        icon={<ImageOff className="size-8" aria-hidden />}
        title={MESSAGES.media.emptyTitle}
        text={
          active
            ? 'Nothing matches these filters. Try other words or clear the filters.'
            : 'Generate photos and videos of your characters and they will show up here.'
        }
        action={
          active ? (
            <Button variant="secondary" onClick={clear}>
              Clear all
            </Button>
          ) : (
            <Link to={ROUTES.newMedia} className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden /> Generate Media
            </Link>
          )
        }
      />
    );
  } else {
    body = (
      <>
        <p className="mb-4 text-sm text-ink-400" aria-live="polite">
          {total === 1 ? '1 item' : `${total} items`}
        </p>
        <div className={cn(GRID, media.isPlaceholderData && 'opacity-60 transition-opacity')}>
          {documents.map((item) => (
            <MediaCard key={item.$id} media={item} onDelete={setPendingDelete} />
          ))}
        </div>
        {media.hasNextPage ? (
          <div className="mt-10 flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void media.fetchNextPage()}
              loading={media.isFetchingNextPage}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="My Media"
        subtitle="Every photo and video you kept."
        actions={
          <Link to={ROUTES.newMedia} className={buttonClasses('primary')}>
            <Plus className="size-4" aria-hidden /> Generate Media
          </Link>
        }
      />
      <MediaFilters
        filters={filters}
        characters={characters.data ?? []}
        onChange={update}
        onClear={clear}
        controls={GRID_ID}
      />
      <section id={GRID_ID} aria-label="Media" aria-busy={media.isFetching || undefined}>
        {body}
      </section>
      <ConfirmDialog
        open={pendingDelete !== null}
        title={MESSAGES.media.deleteTitle}
        message={MESSAGES.media.deleteConfirm}
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
}
