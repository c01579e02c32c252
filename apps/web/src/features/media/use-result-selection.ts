import { useState } from 'react';

export interface ResultSelection {
  /** The images just generated, in the order they came. */
  urls: string[];
  selected: ReadonlySet<string>;
  toggle: (url: string) => void;
}

/** The generated images and which of them the user picked to keep. */
export function useResultSelection() {
  const [urls, setUrls] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const toggle = (url: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });

  /** New results, none picked yet; `[]` clears them. */
  const show = (next: string[]) => {
    setUrls(next);
    setSelected(new Set());
  };

  /** Takes saved images out of the results and the selection, so trying again cannot store them twice. */
  const drop = (saved: string[]) => {
    setUrls((current) => current.filter((url) => !saved.includes(url)));
    setSelected((current) => new Set([...current].filter((url) => !saved.includes(url))));
  };

  return { urls, selected, toggle, show, drop };
}
