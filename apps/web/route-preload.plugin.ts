import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import type { PagePicture } from '@baegen/shared';

type OutputChunk = Rolldown.OutputChunk;

/** Where the server finds, for each client route, the chunks to announce in that route's page. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Where the server finds, for each signed-in page path, the API reads to announce with it. */
export const ROUTE_READS_FILE = 'route-reads.json';

/** Where the server finds, for each signed-in route pattern, the picture its page draws largest. */
export const ROUTE_PICTURES_FILE = 'route-pictures.json';

/**
 * Writes `route-preloads.json`: for each route pattern, every chunk its lazily loaded modules need,
 * beyond what the entry already holds. The server announces them as `modulepreload` links in the
 * page it sends for that route, so the browser fetches them all at once instead of discovering
 * them one import after another (the entry carries no preload helper: see vite.config.ts).
 * `routes` maps a pattern (`/characters/edit/:id`) to source modules relative to the web root.
 * Writes `route-reads.json` as well: `reads`, page path -> the API URLs that page reads first; and
 * `route-pictures.json`: `pictures`, route pattern -> the picture its page draws largest.
 */
export function routePreloads(
  routes: Record<string, string[]>,
  reads: Record<string, string[]>,
  pictures: Record<string, PagePicture>,
): Plugin {
  let root = '';
  return {
    name: 'baegen:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(
        chunks
          .filter((chunk) => chunk.facadeModuleId)
          .map((chunk) => [path.relative(root, chunk.facadeModuleId!).split(path.sep).join('/'), chunk]),
      );
      const closure = (start: OutputChunk[], skip: Set<string>) => {
        const seen = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (seen.has(chunk.fileName) || skip.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) visit(byFile.get(file)!);
        };
        start.forEach(visit);
        return seen;
      };
      const loadedFirst = closure(
        chunks.filter((chunk) => chunk.isEntry),
        new Set(),
      );
      const table: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(routes)) {
        const starts = modules.map((module) => {
          const chunk = byModule.get(module);
          // A renamed page must not silently lose its preloads.
          if (!chunk) this.error(`route-preloads: no chunk is built from ${module} (route ${route})`);
          return chunk;
        });
        table[route] = [...closure(starts, loadedFirst)].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table) });
      this.emitFile({ type: 'asset', fileName: ROUTE_READS_FILE, source: JSON.stringify(reads) });
      // The server finds a page's picture by the route the page is of: an unknown one is never found.
      for (const route of Object.keys(pictures)) {
        if (!(route in routes)) this.error(`route-preloads: a picture is named for ${route}, no route`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PICTURES_FILE, source: JSON.stringify(pictures) });
    },
  };
}
