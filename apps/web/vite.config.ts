import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// react-router's package exports point at its development build (with dev-only warnings) for every
// bundler; its production build sits beside it. Production bundles use that one (see docs/decisions).
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      {
        find: '@baegen/shared',
        replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts'),
      },
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
    // Every browser we target supports modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
  },
}));
