import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PagePicture } from '@baegen/shared/contract';

/** Written by the web build: route pattern -> the chunks its page loads on demand. */
const PRELOADS_FILE = 'route-preloads.json';
/** Written by the web build: signed-in page path -> the API URLs it reads first. */
const READS_FILE = 'route-reads.json';
/** Written by the web build: signed-in route pattern -> the picture its page draws largest. */
const PICTURES_FILE = 'route-pictures.json';

const picturesSchema: z.ZodType<Record<string, PagePicture>> = z.record(
  z.string(),
  z.union([
    z.object({ list: z.enum(['characters', 'media']), sizes: z.string() }),
    z.object({ item: z.literal('media') }),
  ]),
);

/** The picture a request's page draws largest: a list's first, or the item its path names. */
export type WantedPicture = Extract<PagePicture, { list: unknown }> | { item: 'media'; id: string };

/** A picture to announce: its URL, or a stored picture's previews with its card's img `sizes`. */
export interface FoundPicture {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export interface RoutePages {
  /**
   * The page for `url`; `signedIn` when the request carries a session cookie, `picture` (that
   * user's picture for `pictureFor(url)`) to announce it as well.
   */
  pageFor(url: string, signedIn?: boolean, picture?: FoundPicture | null): Buffer;
  /**
   * The picture a signed-in request for `url` draws largest, when the build names one: a list's
   * first only without a query string (which would change the list).
   */
  pictureFor(url: string): WantedPicture | null;
}

function readTable(distDir: string, file: string): Record<string, string[]> {
  const filePath = path.join(distDir, file);
  return fs.existsSync(filePath)
    ? (JSON.parse(fs.readFileSync(filePath, 'utf8')) as Record<string, string[]>)
    : {};
}

function readPictures(distDir: string): Record<string, PagePicture> {
  const filePath = path.join(distDir, PICTURES_FILE);
  return fs.existsSync(filePath) ? picturesSchema.parse(JSON.parse(fs.readFileSync(filePath, 'utf8'))) : {};
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const withLinks = (page: Buffer, links: string) =>
  Buffer.from(page.toString('utf8').replace('</head>', `${links}</head>`));

/**
 * An image preload of a picture; of sized previews with the card's sizes, so the browser picks the
 * preview the card will ask for.
 */
function pictureLink({ src, srcSet, sizes }: FoundPicture): string {
  const sized = srcSet && sizes ? ` imagesrcset="${attribute(srcSet)}" imagesizes="${attribute(sizes)}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${attribute(src)}"${sized}>`;
}

/** A path parameter as the app reads it; '' for one no client could have written. */
function decoded(parameter: string): string {
  try {
    return decodeURIComponent(parameter);
  } catch {
    return '';
  }
}

function patternRegex(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * `value` as a JSON data block: never run, so the Content-Security-Policy has no say, and with `<`
 * escaped so no string in it can close the element.
 */
export function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

const parameterCount = (pattern: string) => pattern.split('/').filter((part) => part.startsWith(':')).length;

/**
 * The page to send for a client route: index.html with `head` (what every page carries) and
 * `modulepreload` links for the chunks that route loads on demand, so the browser fetches them in
 * one go rather than one import after another. They ask for low priority: the entry script and the
 * stylesheet draw the first screen, and on a slow link the chunks took their bandwidth (on a
 * simulated phone, the signed-in pages' first paint came 0.6-0.8 s later with them at high
 * priority). A build without the preload table, or a path of no listed route, gets index.html with
 * `head` alone.
 *
 * A signed-in request for a page of the reads table, without a query string (which would change
 * what the page reads), also gets a fetch `preload` for each API URL that page reads first: the
 * answers are on their way beside the scripts, where they would otherwise be asked for only once
 * the scripts had run. The cookie's presence is enough to announce them: a stale session's reads
 * answer 401, which the page would have been told anyway. Such a page may also announce the
 * picture it will draw largest (found by the caller for that user), with high priority: it is the
 * page's largest paint, and otherwise waited for the scripts, the read and the first render.
 */
export function routePages(distDir: string, indexHtml: Buffer, head = ''): RoutePages {
  const plain = withLinks(indexHtml, head);
  const table = readTable(distDir, PRELOADS_FILE);
  const pages = Object.entries(table)
    // As React Router ranks them: '/media/new' is the form's, though '/media/:id' matches it too.
    .sort(([a], [b]) => parameterCount(a) - parameterCount(b))
    .map(([pattern, chunks]) => {
      const links = chunks
        .map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${chunk}">`)
        .join('');
      return { pattern, regex: patternRegex(pattern), page: withLinks(plain, links) };
    });
  const routeOf = (pathname: string) => pages.find(({ regex }) => regex.test(pathname));
  const pageOf = (pathname: string) => routeOf(pathname)?.page ?? plain;
  const signedInPages = new Map(
    Object.entries(readTable(distDir, READS_FILE)).map(([pathname, urls]) => {
      const links = urls
        .map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`)
        .join('');
      return [pathname, withLinks(pageOf(pathname), links)];
    }),
  );
  const pictures = readPictures(distDir);
  /** The signed-in page path of `url`: no query string, and a trailing slash does not count. */
  const signedInPath = (url: string) => {
    const [pathname = '', query] = url.split('?');
    return query === undefined ? pathname.replace(/(.)\/$/, '$1') : '';
  };
  const pictureFor = (url: string): WantedPicture | null => {
    const [pathname = '', query] = url.split('?');
    // The route the page is of, ranked as React Router ranks them ('/media/new' is no item).
    const route = routeOf(pathname);
    const picture = route ? pictures[route.pattern] : undefined;
    if (!route || !picture) return null;
    if ('list' in picture) return query === undefined ? picture : null;
    const id = decoded(route.regex.exec(pathname)?.[1] ?? '');
    return id ? { item: picture.item, id } : null;
  };
  return {
    pageFor(url, signedIn = false, picture = null) {
      const pathname = url.split('?')[0] ?? '';
      const page = (signedIn && signedInPages.get(signedInPath(url))) || pageOf(pathname);
      return signedIn && picture ? withLinks(page, pictureLink(picture)) : page;
    },
    pictureFor,
  };
}
