import fs from 'node:fs';
import path from 'node:path';

/** Written by the web build: route pattern -> the chunks its page loads on demand. */
const PRELOADS_FILE = 'route-preloads.json';
/** Written by the web build: signed-in page path -> the API URLs it reads first. */
const READS_FILE = 'route-reads.json';

/** The page for `url`; `signedIn` when the request carries a session cookie. */
type PageFor = (url: string, signedIn?: boolean) => Buffer;

function readTable(distDir: string, file: string): Record<string, string[]> {
  const filePath = path.join(distDir, file);
  return fs.existsSync(filePath)
    ? (JSON.parse(fs.readFileSync(filePath, 'utf8')) as Record<string, string[]>)
    : {};
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const withLinks = (page: Buffer, links: string) =>
  Buffer.from(page.toString('utf8').replace('</head>', `${links}</head>`));

function patternRegex(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
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
 * answer 401, which the page would have been told anyway.
 */
export function routePages(distDir: string, indexHtml: Buffer, head = ''): PageFor {
  const plain = withLinks(indexHtml, head);
  const table = readTable(distDir, PRELOADS_FILE);
  const pages = Object.entries(table)
    // As React Router ranks them: '/media/new' is the form's, though '/media/:id' matches it too.
    .sort(([a], [b]) => parameterCount(a) - parameterCount(b))
    .map(([pattern, chunks]) => {
      const links = chunks
        .map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${chunk}">`)
        .join('');
      return { regex: patternRegex(pattern), page: withLinks(plain, links) };
    });
  const pageOf = (pathname: string) => pages.find(({ regex }) => regex.test(pathname))?.page ?? plain;
  const signedInPages = new Map(
    Object.entries(readTable(distDir, READS_FILE)).map(([pathname, urls]) => {
      const links = urls
        .map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`)
        .join('');
      return [pathname, withLinks(pageOf(pathname), links)];
    }),
  );
  return (url, signedIn = false) => {
    const [pathname = '', query] = url.split('?');
    const withReads =
      signedIn && query === undefined ? signedInPages.get(pathname.replace(/(.)\/$/, '$1')) : undefined;
    return withReads ?? pageOf(pathname);
  };
}
