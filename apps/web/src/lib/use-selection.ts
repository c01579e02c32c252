import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface Selection {
  /** Whether the list is in select mode (a checkbox on each card). */
  active: boolean;
  /** The loaded items that are selected, in list order; items no longer loaded drop out. */
  ids: string[];
  isSelected(id: string): boolean;
  enter(): void;
  /** Leaves select mode and forgets the selection. */
  leave(): void;
  /** Flips one item; with `range`, selects every item from the last one flipped to this one. */
  toggle(id: string, range?: boolean): void;
  /** Selects every loaded item. */
  selectAll(): void;
}

/** Select mode over a list whose loaded items are `loadedIds`, in display order. Escape leaves it. */
export function useSelection(loadedIds: readonly string[]): Selection {
  const [active, setActive] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);

  const leave = useCallback(() => {
    setActive(false);
    setChosen(new Set());
    anchor.current = null;
  }, []);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A modal dialog over the list (the delete confirmation) takes this Escape for itself.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      leave();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, leave]);

  const toggle = useCallback(
    (id: string, range = false) => {
      const from = anchor.current === null ? -1 : loadedIds.indexOf(anchor.current);
      const to = loadedIds.indexOf(id);
      anchor.current = id;
      setChosen((current) => {
        const next = new Set(current);
        if (range && from !== -1 && to !== -1) {
          const [start, end] = from < to ? [from, to] : [to, from];
          for (const each of loadedIds.slice(start, end + 1)) next.add(each);
        } else if (next.has(id)) {
          next.delete(id);
        } else {
          next.add(id);
        }
        return next;
      });
    },
    [loadedIds],
  );

  const ids = useMemo(() => loadedIds.filter((id) => chosen.has(id)), [loadedIds, chosen]);

  return {
    active,
    ids,
    isSelected: (id) => chosen.has(id),
    enter: () => setActive(true),
    leave,
    toggle,
    selectAll: () => setChosen(new Set(loadedIds)),
  };
}
