import fs from 'node:fs';
import path from 'node:path';

/** Written by the web build: route pattern -> the chunks its page loads on demand. */
const PRELOADS_FILE = 'route-preloads.json';

type PageFor = (url: string) => Buffer;

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
 */
export function routePages(distDir: string, indexHtml: Buffer, head = ''): PageFor {
  const html = indexHtml.toString('utf8').replace('</head>', `${head}</head>`);
  const plain = Buffer.from(html);
  const file = path.join(distDir, PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => plain;
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  const pages = Object.entries(table)
    // As React Router ranks them: '/media/new' is the form's, though '/media/:id' matches it too.
    .sort(([a], [b]) => parameterCount(a) - parameterCount(b))
    .map(([pattern, chunks]) => {
      const links = chunks
        .map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${chunk}">`)
        .join('');
      return { regex: patternRegex(pattern), page: Buffer.from(html.replace('</head>', `${links}</head>`)) };
    });
  return (url) => {
    const pathname = url.split('?')[0]!;
    return pages.find(({ regex }) => regex.test(pathname))?.page ?? plain;
  };
}
