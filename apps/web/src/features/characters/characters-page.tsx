import { useState } from 'react';
import { SlidersHorizontal, Users } from 'lucide-react';
import { CHARACTERS_PATH, FAVORITE_LABELS, MESSAGES, PAGE_HEADINGS, ROUTES } from '@baegen/shared';
import { characterKeys, useCharacterList } from '../../api/characters.queries';
import { CARD_PICTURES, priorityAt } from '../../components/cards/card-pictures';
import { CharacterCard } from '../../components/cards/character-card';
import { FavoritesToggle } from '../../components/list/favorites-toggle';
import { ListGrid } from '../../components/list/list-grid';
import { BulkSelectBar } from '../../components/list/select-bar';
import { SelectableItem } from '../../components/list/selectable-item';
import { CreateLink, ListPage, useListPage } from '../../components/list/list-page';
import { SortSelect } from '../../components/list/sort-select';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { useFavoriteParam, useSortParam } from '../../lib/list-sort';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { useDeleteCharacter } from './api/use-delete-character';
import { ImportCardControl } from './components/import-card-control';
import { useFavoriteCharacter } from './api/use-favorite-character';

const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_CARDS = 6;
const GRID_ID = 'characters-grid';
/** The cards on a first screen: one on a phone, a row of three on a wide screen. */
const FIRST_SCREEN_CARDS = 3;

export function CharactersPage() {
  usePageTitle(PAGE_HEADINGS.characters);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const { sort, setSort } = useSortParam();
  const { favorite: favoritesOnly, setFavorite: setFavoritesOnly } = useFavoriteParam();
  const characters = useCharacterList(search, sort, favoritesOnly);
  const page = useListPage(characters.items, useDeleteCharacter(), useFavoriteCharacter());
  const createLink = <CreateLink to={ROUTES.newCharacter}>Create Character</CreateLink>;

  return (
    <ListPage
      title={PAGE_HEADINGS.characters}
      subtitle="Every Bae you have created."
      page={page}
      createLink={
        <>
          <ImportCardControl />
          {createLink}
        </>
      }
      selectBar={
        <BulkSelectBar
          selection={page.selection}
          path={CHARACTERS_PATH}
          listsKey={characterKeys.lists()}
          noun={MESSAGES.bulk.charactersNoun}
        />
      }
      confirmDelete={{
        title: MESSAGES.characters.deleteTitle,
        message: page.deletion.pending ? MESSAGES.characters.deleteConfirm(page.deletion.pending.name) : '',
      }}
    >
      <div className="mb-8 flex flex-wrap gap-3" role="search">
        <SearchInput
          label="Search characters"
          value={searchInput}
          onChange={setSearchInput}
          placeholder="Search characters..."
        />
        {/* On a phone the favourites and the order take a row of their own, so the search keeps room. */}
        <div className="flex gap-3 max-sm:order-last max-sm:w-full">
          <FavoritesToggle pressed={favoritesOnly} onChange={setFavoritesOnly} controls={GRID_ID} />
          <SortSelect value={sort} onChange={setSort} className="max-sm:flex-1" />
        </div>
        {/* docs/product.md §2.2: the Filters button is shown and intentionally does nothing. */}
        <Button variant="secondary" className="h-11" icon={SlidersHorizontal}>
          <span className="max-sm:sr-only">Filters</span>
        </Button>
      </div>
      <section id={GRID_ID} aria-label="Characters" aria-busy={characters.isFetching || undefined}>
        <ListGrid
          list={characters}
          noun="characters"
          skeletons={SKELETON_CARDS}
          skeletonPicture={CARD_PICTURES.character}
          gridClassName="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
          icon={<Users className="size-8" aria-hidden />}
          loadFailed={{ message: MESSAGES.characters.loadFailed, toastId: 'characters-load-failed' }}
          empty={{
            title: MESSAGES.characters.emptyTitle,
            text: search
              ? MESSAGES.characters.emptySearchText(search)
              : favoritesOnly
                ? FAVORITE_LABELS.noFavoriteCharacters
                : MESSAGES.characters.emptyText,
            action: search ? (
              <Button variant="secondary" onClick={() => setSearchInput('')}>
                Clear search
              </Button>
            ) : favoritesOnly ? (
              <Button variant="secondary" onClick={() => setFavoritesOnly(false)}>
                {FAVORITE_LABELS.showAll}
              </Button>
            ) : (
              createLink
            ),
          }}
          summary={{
            text:
              search || favoritesOnly
                ? MESSAGES.list.matches(characters.total)
                : MESSAGES.list.showing(characters.items.length, characters.total),
            placement: 'bottom',
          }}
          dimmed={characters.isPlaceholderData || searchInput.trim() !== search}
          renderItem={(character, index) => (
            <SelectableItem id={character.$id} title={character.name} selection={page.selection}>
              <CharacterCard
                character={character}
                onDelete={page.deletion.ask}
                onFavorite={page.onFavorite}
                priority={priorityAt(index, FIRST_SCREEN_CARDS)}
              />
            </SelectableItem>
          )}
        />
      </section>
    </ListPage>
  );
}
