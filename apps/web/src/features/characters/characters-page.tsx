import { useEffect, useState } from 'react';
import { Plus, Search, SlidersHorizontal, Users } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { type Character, MESSAGES, ROUTES } from '@baegen/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { CardSkeleton } from '../../components/ui/skeleton';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCharacters } from './api/use-characters';
import { useDeleteCharacter } from './api/use-delete-character';
import { CharacterCard } from './components/character-card';

const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_CARDS = 6;

export function CharactersPage() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const characters = useCharacters(search);
  const deletion = useDeleteCharacter();
  const [pendingDelete, setPendingDelete] = useState<Character | null>(null);

  useEffect(() => {
    if (characters.isError) toast.error(MESSAGES.characters.loadFailed, { id: 'characters-load-failed' });
  }, [characters.isError]);

  const pages = characters.data?.pages ?? [];
  const documents = pages.flatMap((page) => page.documents);
  const total = pages[0]?.total ?? 0;
  const searching = characters.isPlaceholderData || searchInput.trim() !== search;

  const confirmDelete = () => {
    if (!pendingDelete) return;
    deletion.mutate(pendingDelete.$id, {
      onSuccess: () => toast.success(MESSAGES.characters.deleted),
      onError: () => toast.error(MESSAGES.characters.deleteFailed),
      onSettled: () => setPendingDelete(null),
    });
  };

  let content;
  if (characters.isPending) {
    content = (
      <div
        className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-label="Loading characters"
      >
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (characters.isError && documents.length === 0) {
    content = (
      <EmptyState
        icon={<Users className="size-8" aria-hidden />}
        title={MESSAGES.characters.loadFailed}
        action={
          <Button variant="secondary" onClick={() => void characters.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (documents.length === 0) {
    content = (
      <EmptyState
        icon={<Users className="size-8" aria-hidden />}
        title={MESSAGES.characters.emptyTitle}
        text={search ? MESSAGES.characters.emptySearchText(search) : MESSAGES.characters.emptyText}
        action={
          search ? (
            <Button variant="secondary" onClick={() => setSearchInput('')}>
              Clear search
            </Button>
          ) : (
            <Link to={ROUTES.newCharacter} className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden />
              Create Character
            </Link>
          )
        }
      />
    );
  } else {
    content = (
      <>
        <div
          className={`grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${searching ? 'opacity-60' : ''}`}
          aria-busy={searching || undefined}
        >
          {documents.map((character) => (
            <CharacterCard key={character.$id} character={character} onDelete={setPendingDelete} />
          ))}
        </div>
        <div className="mt-8 flex flex-col items-center gap-3 text-sm text-ink-400">
          <p>
            Showing {documents.length} of {total}
          </p>
          {characters.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void characters.fetchNextPage()}
              loading={characters.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="My Characters"
        subtitle="Every Bae you have created."
        actions={
          <Link to={ROUTES.newCharacter} className={buttonClasses('primary')}>
            <Plus className="size-4" aria-hidden />
            Create Character
          </Link>
        }
      />
      <div className="mb-8 flex gap-3" role="search">
        <div className="relative flex-1">
          <label htmlFor="character-search" className="sr-only">
            Search characters
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-400"
            aria-hidden
          />
          <input
            id="character-search"
            type="search"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder="Search characters..."
            maxLength={200}
            autoComplete="off"
            className="h-11 w-full rounded-full border border-ink-700 bg-ink-900 pr-4 pl-11 text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none"
          />
        </div>
        {/* SPEC.md §2: the Filters button is shown and intentionally does nothing. */}
        <Button
          variant="secondary"
          className="h-11"
          icon={<SlidersHorizontal className="size-4" aria-hidden />}
        >
          <span className="max-sm:sr-only">Filters</span>
        </Button>
      </div>
      {content}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={MESSAGES.characters.deleteTitle}
        message={pendingDelete ? MESSAGES.characters.deleteConfirm(pendingDelete.name) : ''}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
}
