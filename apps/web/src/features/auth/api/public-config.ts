import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@baegen/shared';

/**
 * The settings the page arrived with: the server writes `GET /api/config`'s answer into every page
 * it sends. They are part of the page, as trusted as its scripts, so they are read without the
 * schema check a response gets, which keeps zod off the signed-out pages' first load. A page served
 * by the development server has none.
 */
export function embeddedPublicConfig(doc: Document = document): PublicConfig | undefined {
  const text = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return undefined;
  }
}

/** The public settings: the page's own, or else asked of the server (once per page load). */
export function loadPublicConfig(): Promise<PublicConfig> {
  const embedded = embeddedPublicConfig();
  if (embedded) return Promise.resolve(embedded);
  return import('./auth.api').then(({ fetchPublicConfig }) => fetchPublicConfig());
}
