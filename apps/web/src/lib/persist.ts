import type { StoreApi } from 'zustand';

/**
 * Keeps part of a zustand store in localStorage, in the same `{ state, version }` shape as zustand's
 * own persist middleware. Written by hand because that middleware costs the landing page ~1.5 kB
 * gzip for features (async storages, migrations, rehydration callbacks) we do not use.
 */
export function readPersisted<T extends object>(key: string): Partial<T> {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && 'state' in parsed && typeof parsed.state === 'object') {
      return (parsed.state ?? {}) as Partial<T>;
    }
  } catch {
    // Unreadable or blocked storage: start from the defaults.
  }
  return {};
}

export function persistToStorage<S, P>(store: StoreApi<S>, key: string, pick: (state: S) => P): void {
  store.subscribe((state) => {
    try {
      localStorage.setItem(key, JSON.stringify({ state: pick(state), version: 0 }));
    } catch {
      // Storage full or blocked: the session still works for this tab.
    }
  });
}
