import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// @baegen/shared and its two halves, read from source (exact matches: a subpath is not a file
// under the package's index).
const sharedSource = path.resolve(import.meta.dirname, 'packages/shared/src');
const shared = [
  { find: /^@baegen\/shared$/, replacement: path.join(sharedSource, 'index.ts') },
  { find: /^@baegen\/shared\/contract$/, replacement: path.join(sharedSource, 'contract/index.ts') },
  { find: /^@baegen\/shared\/copy$/, replacement: path.join(sharedSource, 'copy/index.ts') },
];

// Cluster tests start server processes on PostgreSQL and S3; they run in a project of their own.
const CLUSTER_TESTS = 'src/**/*.cluster.test.ts';

const serverProject = (name: string, include: string[], env: Record<string, string>) => ({
  resolve: { alias: shared },
  test: {
    name,
    root: 'apps/server',
    include,
    exclude: name === 'server-cluster' ? configDefaults.exclude : [...configDefaults.exclude, CLUSTER_TESTS],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: shared },
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server', ['src/**/*.test.ts'], { TEST_DB_DIALECT: 'sqlite' }),
      // The API suite (*.api.test.ts) runs a second time on PostgreSQL when TEST_DATABASE_URL is set,
      // and so do the two-instance tests, which need it.
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject('server-postgres', ['src/**/*.api.test.ts'], { TEST_DB_DIALECT: 'postgres' }),
            serverProject('server-cluster', [CLUSTER_TESTS], { TEST_DB_DIALECT: 'postgres' }),
          ]
        : []),
      {
        plugins: [react()],
        resolve: { alias: shared },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
