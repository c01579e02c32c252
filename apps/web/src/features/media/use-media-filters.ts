import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MEDIA_TYPES, type MediaType } from '@baegen/shared';
import type { MediaListFilters } from '../../api/media.queries';
import { FILTER_PARAMS } from '../../lib/gallery-query';

function parseType(value: string | null): MediaType | '' {
  return MEDIA_TYPES.find((type) => type === value) ?? '';
}

/** The gallery's filters, read from and written to the URL query. */
export function useMediaFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<MediaListFilters>(
    () => ({
      search: (params.get(FILTER_PARAMS.search) ?? '').trim(),
      characterId: params.get(FILTER_PARAMS.characterId) ?? '',
      type: parseType(params.get(FILTER_PARAMS.type)),
      favorite: params.get(FILTER_PARAMS.favorite) === 'true',
    }),
    [params],
  );

  /** `replace` for changes made while typing, so history holds one entry per search, not per key. */
  const update = useCallback(
    (change: Partial<MediaListFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof MediaListFilters, string][]) {
            if (!(key in change)) continue;
            const value = change[key];
            if (value) next.set(param, String(value));
            else next.delete(param);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  const clear = useCallback(
    () => update({ search: '', characterId: '', type: '', favorite: false }),
    [update],
  );
  const active = Boolean(filters.search || filters.characterId || filters.type || filters.favorite);

  return { filters, update, clear, active };
}
