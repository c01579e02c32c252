import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { X } from 'lucide-react';
import { FAVORITE_LABELS, type ListSort, type MediaType, UNKNOWN_CHARACTER } from '@baegen/shared';
import type { CharacterOption } from '../../../api/characters.queries';
import type { MediaListFilters } from '../../../api/media.queries';
import { SortSelect } from '../../../components/list/sort-select';
import { SearchInput } from '../../../components/ui/search-input';
import { cn } from '../../../lib/cn';
import { FavoritesToggle } from '../../../components/list/favorites-toggle';

const SEARCH_DEBOUNCE_MS = 300;

const TYPE_TABS: { value: MediaType | ''; label: string }[] = [
  { value: '', label: 'All Media' },
  { value: 'video', label: 'Videos' },
  { value: 'image', label: 'Images' },
];

export interface MediaFiltersProps {
  filters: MediaListFilters;
  characters: CharacterOption[];
  onChange: (change: Partial<MediaListFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  /** id of the element the type tabs control (the grid). */
  controls: string;
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
}

export function MediaFilters(props: MediaFiltersProps) {
  const { filters, characters, onChange, onClear, controls } = props;
  const characterSelectId = useId();
  const [text, setText] = useState(filters.search);
  const [syncedSearch, setSyncedSearch] = useState(filters.search);

  // The URL changed without typing (a chip, "Clear all", the back button): show its search.
  if (filters.search !== syncedSearch) {
    setSyncedSearch(filters.search);
    if (text.trim() !== filters.search) setText(filters.search);
  }

  useEffect(() => {
    if (text.trim() === filters.search) return;
    const timer = setTimeout(() => onChange({ search: text.trim() }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.search, onChange]);

  // The ARIA tabs pattern: arrows and Home/End move between the type tabs and select the one reached.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = TYPE_TABS.findIndex((tab) => tab.value === filters.type);
    const last = TYPE_TABS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange({ type: TYPE_TABS[next]!.value });
    const tabs = event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    tabs[next]?.focus();
  };
  const characterName = (id: string) => characters.find((c) => c.$id === id)?.name ?? UNKNOWN_CHARACTER;
  const chips = [
    filters.search && { key: 'search', label: `Search: "${filters.search}"`, clear: { search: '' } },
    filters.characterId && {
      key: 'character',
      label: `Character: ${characterName(filters.characterId)}`,
      clear: { characterId: '' },
    },
    filters.type && {
      key: 'type',
      label: `Type: ${filters.type === 'video' ? 'Videos' : 'Images'}`,
      clear: { type: '' as const },
    },
    filters.favorite && { key: 'favorite', label: FAVORITE_LABELS.filter, clear: { favorite: false } },
  ].filter((chip) => !!chip);

  return (
    <div className="mb-8 space-y-4">
      <div className="flex flex-col gap-3 md:flex-row">
        <SearchInput
          label="Search media"
          value={text}
          onChange={setText}
          placeholder="Search by prompt or character..."
          className="text-sm"
        />
        <div className="md:w-64">
          <label htmlFor={characterSelectId} className="sr-only">
            Character
          </label>
          <select
            id={characterSelectId}
            value={filters.characterId}
            onChange={(event) => onChange({ characterId: event.target.value })}
            className="h-11 w-full rounded-full border border-ink-700 bg-ink-900 px-4 text-sm text-ink-100 focus:border-rose-glow/60 focus:outline-none"
          >
            <option value="">All Characters</option>
            {characters.map((character) => (
              <option key={character.$id} value={character.$id}>
                {character.name}
              </option>
            ))}
            {filters.characterId && !characters.some((c) => c.$id === filters.characterId) ? (
              <option value={filters.characterId}>{UNKNOWN_CHARACTER}</option>
            ) : null}
          </select>
        </div>
      </div>

      <div
        role="tablist"
        aria-label="Media type"
        onKeyDown={onTabKey}
        className="inline-flex w-full rounded-full border border-ink-700 bg-ink-900 p-1 sm:w-auto"
      >
        {TYPE_TABS.map((tab) => {
          const selected = filters.type === tab.value;
          return (
            <button
              key={tab.label}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={controls}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange({ type: tab.value })}
              className={cn(
                'flex-1 rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap transition sm:flex-none',
                selected ? 'bg-gradient-brand text-white shadow-glow' : 'text-ink-300 hover:text-ink-100',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <FavoritesToggle
          pressed={filters.favorite}
          onChange={(favorite) => onChange({ favorite })}
          controls={controls}
        />
        <SortSelect value={props.sort} onChange={props.onSortChange} className="ml-auto" />
      </div>

      {chips.length > 0 ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
          {chips.map((chip) => (
            <li
              key={chip.key}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-rose-glow/30 bg-rose-glow/10 py-1 pr-1 pl-3 text-sm text-rose-glow"
            >
              <span className="truncate">{chip.label}</span>
              <button
                type="button"
                onClick={() => onChange(chip.clear)}
                aria-label={`Remove filter ${chip.label}`}
                className="grid size-6 shrink-0 place-items-center rounded-full hover:bg-rose-glow/20"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={onClear}
              className="rounded-full px-3 py-1 text-sm font-medium text-ink-300 underline-offset-4 hover:text-ink-100 hover:underline"
            >
              Clear all
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
