import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const server = 'apps/server/src';
const featuresDir = 'apps/web/src/features';
const features = fs
  .readdirSync(path.join(import.meta.dirname, featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Kysely and src/db/ (reached by any relative path) belong to repositories, db/ and migrations. */
const noDatabase = [
  {
    group: ['kysely', 'kysely/*'],
    message: 'Only *.repository.ts files, src/db/ and migrations use Kysely.',
  },
  {
    regex: String.raw`^\.{1,2}/(\.\./)*db(/|$)`,
    message: 'Only *.repository.ts files, src/db/ and migrations import from src/db/.',
  },
];

/** The server speaks the API contract; the web app's copy is none of its business. */
const noWebCopy = {
  group: ['@baegen/shared/copy', '@baegen/shared/copy/*'],
  message: 'The server imports @baegen/shared/contract, never the web copy.',
};

/**
 * One feature may not import another, whether by climbing relative paths (`../../media/...`) or by
 * any path that names `features/<other>` (an alias included).
 */
function crossFeatureBlock(feature) {
  const others = features.filter((other) => other !== feature).join('|');
  return {
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\./)?(\.\./)+(${others})(/|$)|(^|/)features/(${others})(/|$)`,
              message: 'A feature does not import another feature; compose them in src/app/.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['bench/**', '.ci/**', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: [`${server}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noDatabase, noWebCopy] }] },
  },
  {
    files: [`${server}/lib/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noDatabase,
            noWebCopy,
            {
              regex: String.raw`^(\.\./)+modules(/|$)`,
              message: 'src/lib/ imports nothing from src/modules/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/**/*.routes.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noDatabase,
            noWebCopy,
            {
              regex: String.raw`\.repository(\.[jt]s)?$`,
              message: 'Routes call a service, never a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where the database is allowed: repositories, db/ with its migrations, the two composition
    // roots that open it and hand it to repositories, and tests that set it up and inspect it.
    files: [
      `${server}/**/*.repository.ts`,
      `${server}/db/**`,
      `${server}/app.ts`,
      `${server}/server.ts`,
      `${server}/**/*.test.ts`,
      `${server}/test/**`,
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The contract is what the server imports; it must not drag the web app's copy along.
    files: ['packages/shared/src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\./)?(\.\./)+copy(/|$)|^@baegen/shared(/copy)?$`,
              message: 'The contract imports nothing from copy/: copy builds on the contract.',
            },
          ],
        },
      ],
    },
  },
  ...features.map(crossFeatureBlock),
);
