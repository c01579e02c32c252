import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { SCHEMA_CHUNK, memberChunks } from './member-chunk.plugin';
import { mobileWalletTheme } from './mobile-wallet-theme.plugin';
import { precompress } from './precompress.plugin';
import { reactRouterPure } from './react-router-pure.plugin';
import { routePreloads } from './route-preload.plugin';
import { schemasOnDemand } from './schemas-on-demand.plugin';
import { ROUTE_PICTURES, ROUTE_READS } from './src/api/first-reads';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// @baegen/shared and its two halves, read from source (exact matches: a subpath is not a file
// under the package's index).
const sharedSource = path.resolve(import.meta.dirname, '../../packages/shared/src');
const sharedAliases = [
  { find: /^@baegen\/shared$/, replacement: path.join(sharedSource, 'index.ts') },
  { find: /^@baegen\/shared\/contract$/, replacement: path.join(sharedSource, 'contract/index.ts') },
  { find: /^@baegen\/shared\/copy$/, replacement: path.join(sharedSource, 'copy/index.ts') },
];

// react-router's package exports point at its development build (with dev-only warnings) for every
// bundler; its production build sits beside it. Production bundles use that one (see docs/decisions).
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

// What each route's page loads on demand (see router.tsx): the server announces these chunks in the
// page it sends, so they arrive together.
// Every signed-in page also loads the header's generation indicator and the toaster once drawn;
// announced with the page, they do not wait for its first render to be asked for.
const shell = [
  'src/app/protected-shell.tsx',
  'src/app/generation-indicator-slot.tsx',
  'src/app/app-toaster.tsx',
];
// The shared schemas are fetched with every signed-in page, after its own chunks: evaluated only on
// first use (docs/decisions/021), they are then in place when the page's first answer arrives
// instead of being requested only once it has.
const schemas = 'src/api/contract-schemas.ts';
const chatSchemas = 'src/api/chat-schemas.ts';
const signedIn = (...pages: string[]) => [...shell, ...pages, schemas];
const ROUTE_MODULES = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/dashboard': signedIn('src/features/dashboard/dashboard-page.tsx'),
  '/characters': signedIn('src/features/characters/characters-page.tsx'),
  '/characters/new': signedIn('src/features/characters/character-form-page.tsx'),
  '/characters/edit/:id': signedIn('src/features/characters/character-form-page.tsx'),
  '/media': signedIn('src/features/media/media-page.tsx'),
  '/media/:id': signedIn('src/features/media/media-page.tsx', 'src/features/media/media-viewer-page.tsx'),
  '/media/new': signedIn('src/features/media/media-form-page.tsx'),
  '/media/new/:characterId': signedIn('src/features/media/media-form-page.tsx'),
  '/chats/:chatId': signedIn('src/features/chats/chat-page.tsx', chatSchemas),
};

// The signed-in pages' shared code in two chunks, without what a signed-out visitor loads.
const member = memberChunks({
  signedOut: [...ROUTE_MODULES['/login'], 'src/app/app-toaster.tsx'],
  signedOutSoon: ['src/features/auth/wallet/runtime/wallet-runtime.tsx'],
  // The indicator imports generations by its index, which evaluates every module it re-exports: all
  // of them go with the dashboard's chunk, or the indicator would load `member-more` for them.
  first: [...shell, 'src/features/dashboard/dashboard-page.tsx', 'src/features/generations/index.ts'],
  schemas: [schemas, chatSchemas],
});

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    reactRouterPure(),
    tailwindcss(),
    mobileWalletTheme(),
    member.plugin,
    schemasOnDemand(SCHEMA_CHUNK),
    routePreloads(ROUTE_MODULES, ROUTE_READS, ROUTE_PICTURES),
    precompress(),
  ],
  resolve: {
    alias: [
      ...sharedAliases,
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No preload helper in the entry: lazy pages fetch their few shared chunks themselves, which
    // costs one round trip on navigation and keeps ~0.7 kB gzip off the landing page's first load.
    modulePreload: false,
    // Everything the first page needs goes into one chunk: the bundler would otherwise split React
    // and a few shared modules into small chunks that compress worse and cost extra requests.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The code two signed-in pages or more share, in two chunks (see member-chunk.plugin.ts).
            {
              name: member.chunkName,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
