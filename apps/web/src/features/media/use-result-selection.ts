import { useState } from 'react';

export interface ResultSelection {
  /** The images just generated, in the order they came. */
  urls: string[];
  selected: ReadonlySet<string>;
  /** Those already saved as media: shown as such, never selectable. */
  saved: ReadonlySet<string>;
  toggle: (url: string) => void;
}

/** The generated images and which of them the user picked to keep. */
export function useResultSelection() {
  const [urls, setUrls] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());

  const toggle = (url: string) => {
    if (saved.has(url)) return;
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
  };

  /** New results, none picked yet, `alreadySaved` of them marked saved; `[]` clears them. */
  const show = (next: string[], alreadySaved: ReadonlySet<string> = new Set()) => {
    setUrls(next);
    setSelected(new Set());
    setSaved(new Set(next.filter((url) => alreadySaved.has(url))));
  };

  /** Marks images saved and unpicks them, so trying again cannot store them twice. */
  const markSaved = (done: string[]) => {
    setSaved((current) => new Set([...current, ...done]));
    setSelected((current) => new Set([...current].filter((url) => !done.includes(url))));
  };

  return { urls, selected, saved, toggle, show, markSaved };
}
