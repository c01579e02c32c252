import { PAGE_HEADINGS, ROUTES } from '@baegen/shared';

export const NAV_ITEMS = [
  { label: 'Dashboard', to: ROUTES.dashboard },
  { label: 'Characters', to: ROUTES.characters },
  { label: 'Media', to: ROUTES.media },
  { label: PAGE_HEADINGS.chats, to: ROUTES.chats },
] as const;

/** A nav item is active on its own path and on any subpath (/characters/new, …), not on /charactersX. */
export function isNavActive(itemPath: string, currentPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
