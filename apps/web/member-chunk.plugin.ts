import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type ModuleInfo = Rolldown.ModuleInfo;
type OutputChunk = Rolldown.OutputChunk;
type InfoOf = (id: string) => ModuleInfo | null;

/** The signed-in pages' shared chunks: what the first page needs, and the rest. */
const MEMBER_CHUNKS = ['member', 'member-more'] as const;

/** The code the schema modules share: zod and the shared schemas (see `schemas` below). */
export const SCHEMA_CHUNK = 'schemas';

/**
 * Decides which modules go into the chunks that the signed-in pages share.
 *
 * Left to itself the bundler gives every set of pages that shares code a chunk of its own, and a
 * signed-in page then lists 40-odd small chunks to preload: with six connections at a time its own
 * script waits behind them. The code two signed-in pages or more share (see vite.config.ts) goes
 * into two chunks instead: `member`, what the pages in `firstRoots` (the dashboard, the first page
 * after sign-in) need, and `member-more`, the rest. Left out is what a signed-out visitor loads:
 * the landing page's first load and everything the `signedOut` roots (`/login`, the toaster) load,
 * then or later. Those keep their own chunks, so `/login` never loads signed-in code; what they
 * share with signed-in pages goes into `signed-out-soon` when a `signedOutSoon` root (the wallet
 * code, loaded once /login is drawn) needs it, else `signed-out-later` (the auth calls, loaded at
 * sign-in). zod and the schemas are in none of these: they load on first use (api/lazy-schemas.ts),
 * from the `schemas` roots (one module for the chat's schemas, one for the rest), and what those
 * share goes into `schemas`.
 *
 * The sets are worked out from the module graph once it is built, by module id, so that no captured
 * module drags its own imports along (a group rule on file names did, and /login grew by that).
 * Roots are source modules relative to the web root.
 */
export function memberChunks(roots: {
  signedOut: string[];
  signedOutSoon: string[];
  first: string[];
  schemas: string[];
}): {
  plugin: Plugin;
  chunkName: (id: string) => string | null;
} {
  let schemaCode = new Set<string>();
  let signedOut = new Set<string>();
  let signedOutAtOnce = new Set<string>();
  let signedOutSoon = new Set<string>();
  let first = new Set<string>();
  let rootIds = new Set<string>();
  let ready = false;
  const plugin: Plugin = {
    name: 'baegen:member-chunks',
    apply: 'build',
    async buildEnd() {
      const info: InfoOf = (id) => this.getModuleInfo(id);
      const root = this.environment.config.root;
      const idOf = (module: string) => {
        const id = path.join(root, module);
        // A renamed root must not silently move the login page's code into a signed-in chunk.
        if (!info(id)) this.error(`member-chunks: no module ${module}`);
        return id;
      };
      const graph = new Graph(info);
      for (const id of this.getModuleIds()) {
        const edges: Edge[] = [];
        for (const { spec, names, reExport } of statements(info(id)?.code ?? '')) {
          const resolved = await this.resolve(spec, id);
          if (resolved && !resolved.external) edges.push({ id: resolved.id, names, reExport });
        }
        graph.edges.set(id, edges);
      }
      // The entry's own imports (the landing page's first load), not the pages it loads on demand.
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
      signedOutAtOnce = new Set([
        ...graph.closure(entries, false),
        ...graph.closure(roots.signedOut.map(idOf), false),
      ]);
      signedOut = new Set([...signedOutAtOnce, ...graph.closure(roots.signedOut.map(idOf), true)]);
      signedOutSoon = graph.closure(roots.signedOutSoon.map(idOf), false);
      first = graph.closure(roots.first.map(idOf), false);
      rootIds = new Set(roots.signedOut.map(idOf));
      // What only the schema modules need (zod, the shared schemas): loaded on first use, never
      // with a page, whichever of them is loaded first.
      const schemaRoots = roots.schemas.map(idOf);
      const elsewhere = graph.closure(
        [...this.getModuleIds()].filter((id) => {
          const module = info(id);
          return (
            module && (module.isEntry || module.dynamicImporters.length > 0) && !schemaRoots.includes(id)
          );
        }),
        false,
      );
      schemaCode = new Set([...graph.closure(schemaRoots, false)].filter((id) => !elsewhere.has(id)));
      ready = true;
    },
    generateBundle(_options, bundle) {
      // The promise of this split, checked on every build: a signed-out page loads no signed-in chunk.
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const visit = (chunk: OutputChunk) => {
        if (seen.has(chunk.fileName)) return;
        seen.add(chunk.fileName);
        if ((MEMBER_CHUNKS as readonly string[]).includes(chunk.name))
          this.error(`member-chunks: signed-out code loads ${chunk.name}`);
        // Not the pages the entry loads on demand: /login is one page of them.
        const next = chunk.isEntry ? chunk.imports : [...chunk.imports, ...chunk.dynamicImports];
        next.forEach((file) => visit(byFile.get(file)!));
      };
      chunks.filter((chunk) => rootIds.has(chunk.facadeModuleId ?? '')).forEach(visit);
    },
  };
  const chunkName = (id: string) => {
    // Virtual modules (the bundler's runtime, '\0'-prefixed) stay where the bundler puts them.
    if (!ready || id.startsWith('\0') || signedOutAtOnce.has(id)) return null;
    if (schemaCode.has(id)) return SCHEMA_CHUNK;
    // What /login loads once drawn, unasked (the wallet code), and signed-in pages share.
    if (signedOutSoon.has(id)) return 'signed-out-soon';
    // What /login loads when the visitor signs in (the auth calls) and they share.
    if (signedOut.has(id)) return 'signed-out-later';
    return first.has(id) ? MEMBER_CHUNKS[0] : MEMBER_CHUNKS[1];
  };
  return { plugin, chunkName };
}

/** One `import … from` or `export … from`: the module and the names taken, as [name, local name]. */
interface Edge {
  id: string;
  /** null: the whole module (a default, namespace or side-effect import, `export *`). */
  names: [string, string][] | null;
  reExport: boolean;
}

const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const IMPORTS = /import\s*([\w$*{}\s,]*?)\s*from\s*["']([^"']+)["']|import\s*["']([^"']+)["']/g;
const RE_EXPORTS = /export\s*(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["'];?/g;
// A package entry may also say "use strict" and re-export a namespace it imports.
const BARREL_EXTRAS =
  /["']use strict["'];?|import\s*\*\s*as\s*[\w$]+\s*from\s*["'][^"']+["'];?|export\s*\{\s*[\w$]+\s+as\s+[\w$]+\s*\};?/g;

/** `{ a, b as c }` as [['a', 'a'], ['b', 'c']]; null for anything but a plain list of names. */
function namesOf(clause: string): [string, string][] | null {
  if (!/^\{[^}]*\}$/.test(clause.trim())) return null;
  return clause
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0])
    .map((parts) => [parts[0]!, parts.at(-1)!]);
}

/** The `import`/`export … from` statements of a module's (compiled, type-free) code. */
function statements(source: string) {
  const code = source.replace(COMMENTS, '');
  return [
    ...[...code.matchAll(IMPORTS)].map(([, clause, spec, bare]) => ({
      spec: (spec ?? bare)!,
      names: bare ? null : namesOf(clause!),
      reExport: false,
    })),
    ...[...code.matchAll(RE_EXPORTS)].map(([, clause, spec]) => ({
      spec: spec!,
      names: namesOf(clause!),
      reExport: true,
    })),
  ];
}

/** A module that only passes on other modules' exports (`export … from`): an index, a package's entry. */
function isBarrel(module: ModuleInfo): boolean {
  const code = module.code?.replace(COMMENTS, '');
  return !!code && code.replace(RE_EXPORTS, '').replace(BARREL_EXTRAS, '').trim() === '';
}

/**
 * The module graph as the bundler keeps it after dropping unused exports: a module that imports a
 * few names from a barrel (an icon set's entry, the shared package's index) needs the modules that
 * define those names, not everything behind the barrel.
 */
class Graph {
  readonly edges = new Map<string, Edge[]>();
  private readonly exported = new Map<string, Set<string>>();

  constructor(private readonly info: InfoOf) {}

  /** The modules `starts` need, with (`lazyToo`) or without what they load on demand. */
  closure(starts: string[], lazyToo: boolean): Set<string> {
    const seen = new Set<string>();
    const visit = (id: string) => {
      const module = this.info(id);
      if (seen.has(id) || !module) return;
      seen.add(id);
      this.needs(module).forEach(visit);
      if (lazyToo) module.dynamicallyImportedIds.forEach(visit);
    };
    starts.forEach(visit);
    return seen;
  }

  /** What `module` imports, through barrels to the modules behind the names it takes. */
  private needs(module: ModuleInfo): string[] {
    const edges = this.edges.get(module.id) ?? [];
    const needed = edges.flatMap(({ id, names }) => {
      const target = this.info(id);
      // A default, namespace or side-effect import, or `export *`, takes the whole module.
      if (!names || !target || !isBarrel(target)) return [id];
      return names.flatMap(([name]) => this.definedBy(target, name));
    });
    // Imports not found in the code (a plugin's virtual module): kept, to be safe.
    const found = new Set(edges.map((edge) => edge.id));
    return [...needed, ...module.importedIds.filter((id) => !found.has(id))];
  }

  /** The module behind `name` as `barrel` exports it, through barrels within barrels. */
  private definedBy(barrel: ModuleInfo, name: string): string[] {
    const edges = (this.edges.get(barrel.id) ?? []).filter((edge) => edge.reExport);
    for (const edge of edges) {
      const pair = edge.names?.find(([, as]) => as === name);
      const target = this.info(edge.id);
      if (!target || !(pair || (!edge.names && this.exportsOf(target).has(name)))) continue;
      return isBarrel(target) ? this.definedBy(target, pair ? pair[0] : name) : [edge.id];
    }
    // Not worked out: everything behind the barrel counts.
    return barrel.importedIds;
  }

  /** Every name `module` exports, those it passes on from other modules included. */
  private exportsOf(module: ModuleInfo): Set<string> {
    let names = this.exported.get(module.id);
    if (names) return names;
    names = new Set(module.exports.filter((name) => name !== '*'));
    this.exported.set(module.id, names);
    for (const edge of this.edges.get(module.id) ?? []) {
      if (!edge.reExport) continue;
      const target = this.info(edge.id);
      if (edge.names) edge.names.forEach(([, as]) => names.add(as));
      else if (target) this.exportsOf(target).forEach((name) => names.add(name));
    }
    return names;
  }
}
