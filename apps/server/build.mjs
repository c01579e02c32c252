// Bundles the server, the shared package and the pure-JavaScript dependencies into dist/server.js.
// One file loads much faster than Node resolving hundreds of package files at boot (kysely alone is
// ~400 modules), which keeps the cold start under a second. Native addons cannot be bundled: they stay
// external and load from node_modules (see docs/decisions/001-server-bundled-by-esbuild.md).
import { build } from 'esbuild';

/**
 * Packages loaded from node_modules at run time: native addons and optional native bindings, and
 * `typescript`, which graphile-worker's config loader (cosmiconfig) requires only to read a
 * TypeScript config file we never have; bundled, it would add 9 MB to parse at every boot.
 */
const EXTERNAL = ['better-sqlite3', 'sharp', 'pg-native', 'typescript', 'gpt-tokenizer'];

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: EXTERNAL,
  alias: {
    '@baegen/shared': '../../packages/shared/src/index.ts',
    '@baegen/shared/contract': '../../packages/shared/src/contract/index.ts',
  },
  // Bundled CommonJS packages call require() for Node built-ins; give the ES module bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
