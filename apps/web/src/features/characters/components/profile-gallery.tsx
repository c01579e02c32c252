import { MESSAGES, type Media, PROFILE_LABELS } from '@baegen/shared';
import { mediaKeys, mediaPath, useMediaList } from '../../../api/media.queries';
import { MEDIA_GRID } from '../../../components/cards/media-grid';
import { MediaCard } from '../../../components/cards/media-card';
import { ListGrid } from '../../../components/list/list-grid';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';
import { usePendingDelete } from '../../../lib/use-pending-delete';
import { galleryQuery } from '../../../lib/gallery-query';

const GRID_CLASS = 'grid grid-cols-2 gap-6 lg:grid-cols-3';
const SKELETONS = 3;

/** Her photos and videos, newest first, as the gallery shows them (with delete, confirmed). */
export function ProfileGallery({ characterId, name }: { characterId: string; name: string }) {
  const media = useMediaList({ search: '', characterId, type: '', favorite: false }, 'newest');
  const deletion = usePendingDelete<Media>(
    useDeleteMutation({
      path: mediaPath,
      listsKey: mediaKeys.lists(),
      messages: { deleted: MESSAGES.media.deleted, deleteFailed: MESSAGES.media.deleteFailed },
    }),
  );

  return (
    <section aria-labelledby="profile-gallery-heading">
      <h2 id="profile-gallery-heading" className="mb-4 text-2xl font-semibold">
        {PROFILE_LABELS.gallery}
      </h2>
      <ListGrid
        list={media}
        {...MEDIA_GRID}
        skeletons={SKELETONS}
        gridClassName={GRID_CLASS}
        loadFailed={{ message: MESSAGES.media.loadFailed, toastId: 'profile-media-load-failed' }}
        empty={{
          title: PROFILE_LABELS.galleryEmptyTitle,
          text: PROFILE_LABELS.galleryEmptyText(name),
          action: null,
        }}
        summary={{ text: MESSAGES.list.items(media.total), placement: 'top' }}
        dimmed={false}
        renderItem={(item) => (
          // Her picture opens the viewer on her media, as the gallery filtered to her would.
          <MediaCard media={item} onDelete={deletion.ask} viewerQuery={galleryQuery({ characterId })} />
        )}
      />
      <ConfirmDialog
        title={MESSAGES.media.deleteTitle}
        message={MESSAGES.media.deleteConfirm}
        {...deletion.dialog}
      />
    </section>
  );
}
