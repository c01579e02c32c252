import { useLocation, useOutlet } from 'react-router';
import { MESSAGES, PAGE_HEADINGS, ROUTES } from '@baegen/shared';
import { useCharacterOptions } from '../../api/characters.queries';
import { useMediaList } from '../../api/media.queries';
import { priorityAt } from '../../components/cards/card-pictures';
import { MEDIA_GRID } from '../../components/cards/media-grid';
import { MediaCard } from '../../components/cards/media-card';
import { ListGrid } from '../../components/list/list-grid';
import { SelectableItem } from '../../components/list/selectable-item';
import { CreateLink, ListPage, useListPage } from '../../components/list/list-page';
import { Button } from '../../components/ui/button';
import { useSortParam } from '../../lib/list-sort';
import { usePageTitle } from '../../lib/use-page-title';
import { mediaTitle } from '../../lib/media-file';
import { useDeleteMedia } from './api/use-delete-media';
import { useFavoriteMedia } from './api/use-favorite-media';
import { MediaFilters } from './components/media-filters';
import { MediaSelectBar } from './components/media-select-bar';
import { PendingVideos } from './components/pending-videos';
import { useMediaFilters } from './use-media-filters';

const GRID_ID = 'media-grid';
const SKELETONS = 8;
// Two columns of thumbnails on a phone too: one card per row made a few items a long scroll.
const GRID_CLASS = 'grid grid-cols-2 gap-6 lg:grid-cols-3 xl:grid-cols-4';
/** The columns of GRID_CLASS at a viewport width (Tailwind's lg and xl breakpoints). */
const columnsAt = (width: number) => (width >= 1280 ? 4 : width >= 1024 ? 3 : 2);
/** The cards on a first screen: two rows on a phone, one row of four on a wide screen. */
const FIRST_SCREEN_CARDS = 4;
/** A card's height in px before it is measured: a 4:5 picture over its title and buttons. */
const CARD_HEIGHT_GUESS = 560;

export function MediaPage() {
  const { filters, update, clear, active } = useMediaFilters();
  const { sort, setSort } = useSortParam();
  const media = useMediaList(filters, sort);
  const page = useListPage(media.items, useDeleteMedia(), useFavoriteMedia());
  const characters = useCharacterOptions();
  const createLink = <CreateLink to={ROUTES.newMedia}>Generate Media</CreateLink>;
  // The viewer opens on the list as filtered and sorted here.
  const { search } = useLocation();
  const viewer = useOutlet();
  usePageTitle(viewer ? null : PAGE_HEADINGS.media);

  return (
    <>
      {/* Out of reach while the viewer is open over it, for the keyboard and assistive technology. */}
      <div className="contents" inert={viewer !== null}>
        <ListPage
          title={PAGE_HEADINGS.media}
          subtitle="Every photo and video you kept."
          page={page}
          createLink={createLink}
          selectBar={<MediaSelectBar selection={page.selection} />}
          confirmDelete={{ title: MESSAGES.media.deleteTitle, message: MESSAGES.media.deleteConfirm }}
        >
          <MediaFilters
            filters={filters}
            characters={characters.data ?? []}
            onChange={update}
            onClear={clear}
            controls={GRID_ID}
            sort={sort}
            onSortChange={setSort}
          />
          <PendingVideos characters={characters.data ?? []} gridClassName={GRID_CLASS} />
          <section id={GRID_ID} aria-label="Media" aria-busy={media.isFetching || undefined}>
            <ListGrid
              list={media}
              {...MEDIA_GRID}
              skeletons={SKELETONS}
              gridClassName={GRID_CLASS}
              loadFailed={{ message: MESSAGES.media.loadFailed, toastId: 'media-load-failed' }}
              empty={{
                title: MESSAGES.media.emptyTitle,
                text: active
                  ? 'Nothing matches these filters. Try other words or clear the filters.'
                  : 'Generate photos and videos of your characters and they will show up here.',
                action: active ? (
                  <Button variant="secondary" onClick={clear}>
                    Clear all
                  </Button>
                ) : (
                  createLink
                ),
              }}
              summary={{
                text: active ? MESSAGES.list.matches(media.total) : MESSAGES.list.items(media.total),
                placement: 'top',
              }}
              dimmed={media.isPlaceholderData}
              renderItem={(item, index) => (
                <SelectableItem id={item.$id} title={mediaTitle(item)} selection={page.selection}>
                  <MediaCard
                    media={item}
                    // Under the viewer, the picture it shows comes first.
                    priority={viewer ? 'lazy' : priorityAt(index, FIRST_SCREEN_CARDS)}
                    onDelete={page.deletion.ask}
                    onFavorite={page.onFavorite}
                    viewerQuery={search}
                  />
                </SelectableItem>
              )}
              windowed={{ columnsAt, estimateRowHeight: CARD_HEIGHT_GUESS }}
            />
          </section>
        </ListPage>
      </div>
      {/* /media/:id: the viewer, drawn over this page. */}
      {viewer}
    </>
  );
}
