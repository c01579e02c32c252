import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const server = 'apps/server/src';
const serverModules = fs
  .readdirSync(path.join(import.meta.dirname, server, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
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

/** The one feature every other may use, through its folder (its index.ts) only. */
const sharedFeature = 'generations';

/** The server speaks the API contract; the web app's copy is none of its business. */
const noWebCopy = {
  group: ['@baegen/shared/copy', '@baegen/shared/copy/*'],
  message: 'The server imports @baegen/shared/contract, never the web copy.',
};

/**
 * A server module reaches another only through its index (`../storage`), never a file inside it
 * (`../storage/files.port`); code outside modules/ (app.ts, plugins/) likewise.
 */
function moduleInternals(own) {
  const others = serverModules.filter((name) => name !== own).join('|');
  return {
    regex: String.raw`^(\./)?(\.\./)*(modules/)?(${others})/.+`,
    message: 'A module is reached through its index (its port), never a file inside it.',
  };
}

const noRepository = {
  regex: String.raw`\.repository(\.[jt]s)?$`,
  message: 'Routes call a service, never a repository.',
};

/** Every server file's rule: the given patterns, and never the web copy. */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, noWebCopy] }],
});

/** The rules of one server module's files: which layer each file is decides what it may import. */
function serverModuleBlocks(name) {
  const dir = `${server}/modules/${name}`;
  const internals = moduleInternals(name);
  return [
    { files: [`${dir}/**/*.ts`], rules: restrict(...noDatabase, internals) },
    { files: [`${dir}/**/*.routes.ts`], rules: restrict(...noDatabase, noRepository, internals) },
    { files: [`${dir}/**/*.repository.ts`], rules: restrict(internals) },
  ];
}

/** React Router's own links bring its framework mode into every page (see components/ui/link.tsx). */
const noRouterLink = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: 'Use Link from components/ui/link.',
};

/**
 * An import path that reaches one of `names` (a `|` list), then `tail`: by climbing relative paths
 * (`../../media`) or by any path that names `features/<name>` (an alias included).
 */
const reaching = (names, tail) =>
  String.raw`^(\./)?(\.\./)+(${names})${tail}|(^|/)features/(${names})${tail}`;

/**
 * One feature may not import another, however the path is written. The exception: any feature may
 * import `features/generations` by its folder (`../generations`), never a file inside it (a path
 * going on past the folder); generations itself imports no other feature.
 */
function crossFeatureBlock(feature) {
  const shared = feature === sharedFeature;
  const others = features.filter((other) => other !== feature && (shared || other !== sharedFeature));
  const patterns = [
    {
      regex: reaching(others.join('|'), '(/|$)'),
      message: 'A feature does not import another feature; compose them in src/app/.',
    },
  ];
  if (!shared) {
    patterns.push({
      regex: reaching(sharedFeature, '/.'),
      message: 'Import features/generations by its folder (its index.ts), never a file inside it.',
    });
  }
  return {
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [noRouterLink], patterns }] },
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
      // `import { type A } from 'm'` compiles to `import {} from 'm'`, which still takes module m:
      // the web build then counts zod as the page's (see apps/web/member-chunk.plugin.ts).
      '@typescript-eslint/no-import-type-side-effects': 'error',
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
      'no-restricted-imports': ['error', { paths: [noRouterLink] }],
    },
  },
  {
    // A page's first use of Intl loads the browser's locale data: 40-70 ms of main thread in desktop
    // Chromium, more on a phone, paid while a signed-in page starts. English dates and counts are
    // written out (copy/format.ts, contract/format-count.ts).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='Intl']", message: 'No Intl in the browser: see copy/format.ts.' },
        {
          selector: 'MemberExpression[property.name=/^(toLocale|localeCompare$)/]',
          message: 'No locale formatting in the browser: see copy/format.ts.',
        },
      ],
    },
  },
  {
    files: ['bench/**', '.ci/**', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: [`${server}/**/*.ts`],
    rules: restrict(...noDatabase, moduleInternals(null)),
  },
  {
    files: [`${server}/lib/**/*.ts`],
    rules: restrict(...noDatabase, {
      regex: String.raw`^(\.\./)+modules(/|$)`,
      message: 'src/lib/ imports nothing from src/modules/.',
    }),
  },
  ...serverModules.flatMap(serverModuleBlocks),
  {
    // The composition roots open the database and hand it to the modules; db/ is the database.
    files: [`${server}/app.ts`, `${server}/server.ts`, `${server}/platform.ts`],
    rules: restrict(moduleInternals(null)),
  },
  {
    files: [`${server}/db/**`, `${server}/**/*.test.ts`, `${server}/test/**`],
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
