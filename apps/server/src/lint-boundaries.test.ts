import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });

/** Lints `code` as if it were the file at `filePath` (relative to the repository root). */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((message) => ({ ruleId: message.ruleId, line: message.line }));
}

const refused = [{ ruleId: 'no-restricted-imports', line: 1 }];

/** Lints each of `snippets` as the file at `filePath` and expects `expected` of every one. */
async function expectLint(filePath: string, expected: typeof refused, ...snippets: string[]) {
  for (const code of snippets) expect(await lint(filePath, code), code).toEqual(expected);
}

describe('import boundaries in eslint.config.js', () => {
  describe('web features', () => {
    it('refuse an import from another feature, however the path is written', async () => {
      const cases: [string, string][] = [
        [
          'apps/web/src/features/media/components/media-card.tsx',
          '../../characters/components/character-image',
        ],
        ['apps/web/src/features/dashboard/dashboard-page.tsx', '../media/api/media-keys'],
        ['apps/web/src/features/auth/wallet/wallet-host.tsx', './../../landing/landing-page'],
        ['apps/web/src/features/characters/api/use-characters.ts', '../../../features/auth/auth.store'],
        ['apps/web/src/features/landing/landing-page.tsx', '@/features/media/media-page'],
      ];
      for (const [file, source] of cases) {
        expect(
          await lint(file, `import { thing } from '${source}';\nexport const x = thing;\n`),
          file,
        ).toEqual(refused);
      }
    });

    it('allow imports within the feature, of shared code, and of features from app/', async () => {
      const code = [
        "import { mediaKeys } from '../api/media-keys';",
        "import { Button } from '../../../components/ui/button';",
        "import { apiClient } from '../../../lib/api-client';",
        "import { LIMITS } from '@baegen/shared/contract';",
        'export const all = [mediaKeys, Button, apiClient, LIMITS];',
        '',
      ].join('\n');
      await expectLint('apps/web/src/features/media/components/media-card.tsx', [], code);
      await expectLint(
        'apps/web/src/app/router.tsx',
        [],
        "import { LandingPage } from '../features/landing/landing-page';\nexport const x = LandingPage;\n",
      );
    });

    it('let any feature use features/generations by its folder, never a file inside it', async () => {
      const use = (source: string) =>
        `import { useGenerationJob } from '${source}';\nexport const x = useGenerationJob;\n`;
      await expectLint('apps/web/src/features/media/media-form-page.tsx', [], use('../generations'));
      await expectLint(
        'apps/web/src/features/characters/api/use-portrait-job.ts',
        [],
        use('../../generations'),
        use('./../../generations/'),
        use('../../../features/generations'),
      );
      await expectLint(
        'apps/web/src/features/media/media-form-page.tsx',
        refused,
        use('../generations/use-generation-job'),
        use('../generations/index'),
        use('../generations/api/generations.queries'),
        use('@/features/generations/use-generation-job'),
      );
      await expectLint(
        'apps/web/src/features/characters/components/portrait-field.tsx',
        refused,
        use('../../generations/components/generation-progress'),
        use('../../../features/generations/generation-forms'),
      );
    });

    it('refuse features/generations importing any other feature, and keep the rest apart', async () => {
      const generations = 'apps/web/src/features/generations/use-generation-job.ts';
      await expectLint(
        generations,
        refused,
        "import { useFormPrefill } from '../media/use-form-prefill';\nexport const x = useFormPrefill;\n",
        "import { MediaFormPage } from '../media';\nexport const x = MediaFormPage;\n",
        "import { useAuthStore } from '../auth/auth.store';\nexport const x = useAuthStore;\n",
        "import { PortraitField } from '@/features/characters/components/portrait-field';\nexport const x = PortraitField;\n",
      );
      await expectLint(
        generations,
        [],
        "import { useGeneration } from './api/generations.queries';\nexport const x = useGeneration;\n",
        "import { api } from '../../lib/api-client';\nexport const x = api;\n",
      );
      await expectLint(
        'apps/web/src/features/media/components/character-preview.tsx',
        refused,
        "import { CharacterForm } from '../../characters/components/character-form';\nexport const x = CharacterForm;\n",
        "import { CharacterForm } from '../../characters';\nexport const x = CharacterForm;\n",
      );
    });
  });

  describe('server layers', () => {
    it('refuse Kysely or src/db/ outside repositories, db/ and migrations', async () => {
      await expectLint(
        'apps/server/src/modules/media/media.service.ts',
        refused,
        "import { sql } from 'kysely';\nexport const q = sql;\n",
        "import type { Db } from '../../db/client';\nexport type D = Db;\n",
      );
      await expectLint(
        'apps/server/src/plugins/origin-check.plugin.ts',
        refused,
        "import { containsInsensitive } from '../db/sql-helpers';\nexport const c = containsInsensitive;\n",
      );
    });

    it('allow Kysely and src/db/ in repositories, migrations, the composition roots and tests', async () => {
      const repository = [
        "import { sql } from 'kysely';",
        "import type { Db } from '../../db/client';",
        'export type D = Db;',
        'export const q = sql;',
        '',
      ].join('\n');
      await expectLint('apps/server/src/modules/media/media.repository.ts', [], repository);
      await expectLint(
        'apps/server/src/db/migrations/002-next.ts',
        [],
        "import { type Kysely, sql } from 'kysely';\nexport type K = Kysely<unknown>;\nexport const q = sql;\n",
      );
      await expectLint(
        'apps/server/src/server.ts',
        [],
        "import { createDb } from './db/client';\nexport const c = createDb;\n",
      );
      await expectLint(
        'apps/server/src/test/test-app.ts',
        [],
        "import { migrateToLatest } from '../db/client';\nexport const m = migrateToLatest;\n",
      );
    });

    it('refuse a lib file importing a module', async () => {
      const lib = 'apps/server/src/lib/send-file.ts';
      await expectLint(
        lib,
        refused,
        "import type { FilesPort } from '../modules/storage/files.port';\nexport type F = FilesPort;\n",
      );
      await expectLint(lib, [], "import { newId } from './ids';\nexport const id = newId;\n");
    });

    it('refuse a route importing a repository, and allow its service', async () => {
      const route = 'apps/server/src/modules/media/media.routes.ts';
      await expectLint(
        route,
        refused,
        "import type { MediaRepository } from './media.repository';\nexport type R = MediaRepository;\n",
      );
      // Another module's repository breaks two rules at once: a repository, and a module's internals.
      await expectLint(
        route,
        [...refused, ...refused],
        "import { FilesRepository } from '../storage/files.repository';\nexport const r = FilesRepository;\n",
      );
      await expectLint(
        route,
        [],
        "import type { MediaService } from './media.service';\nexport type S = MediaService;\n",
      );
    });

    it("refuse a module importing another module's internals, and allow its index", async () => {
      const importing = (source: string) => `import { thing } from '${source}';\nexport const x = thing;\n`;
      await expectLint(
        'apps/server/src/modules/media/media.service.ts',
        refused,
        importing('../storage/files.port'),
        importing('../characters/characters.service'),
      );
      await expectLint(
        'apps/server/src/modules/generation/events/generation-events.stream.ts',
        refused,
        importing('../../queue/job-queue.port'),
      );
      await expectLint(
        'apps/server/src/modules/media/media.repository.ts',
        refused,
        importing('../characters/characters.repository'),
      );
      await expectLint('apps/server/src/app.ts', refused, importing('./modules/storage/files.service'));
      await expectLint(
        'apps/server/src/plugins/spa.plugin.ts',
        refused,
        importing('../modules/auth/auth.plugin'),
      );
      await expectLint('apps/server/src/modules/media/media.service.ts', [], importing('../storage'));
      await expectLint(
        'apps/server/src/modules/generation/generation.runner.ts',
        [],
        importing('./providers/ports'),
      );
      await expectLint('apps/server/src/app.ts', [], importing('./modules/storage'));
    });

    it('let a service use its repository', async () => {
      await expectLint(
        'apps/server/src/modules/media/media.service.ts',
        [],
        "import type { MediaRepository } from './media.repository';\nexport type R = MediaRepository;\n",
      );
    });
  });

  describe('the shared contract and the web copy', () => {
    it('refuse the copy in the contract, and allow the contract its own modules', async () => {
      const contract = 'packages/shared/src/contract/schemas.ts';
      await expectLint(
        contract,
        refused,
        "import { MESSAGES } from '../copy/messages';\nexport const m = MESSAGES;\n",
        "import { ROUTES } from '../copy';\nexport const r = ROUTES;\n",
        "import { MESSAGES } from '@baegen/shared';\nexport const m = MESSAGES;\n",
      );
      await expectLint(
        contract,
        [],
        "import { API_MESSAGES } from './messages';\nexport const m = API_MESSAGES;\n",
      );
      await expectLint(
        'packages/shared/src/copy/messages.ts',
        [],
        "import { API_MESSAGES } from '../contract/messages';\nexport const m = API_MESSAGES;\n",
      );
    });

    it('refuse the web copy in the server, and allow the contract', async () => {
      const service = 'apps/server/src/modules/media/media.service.ts';
      await expectLint(
        service,
        refused,
        "import { MESSAGES } from '@baegen/shared/copy';\nexport const m = MESSAGES;\n",
      );
      await expectLint(
        'apps/server/src/modules/media/media.routes.ts',
        refused,
        "import { ROUTES } from '@baegen/shared/copy';\nexport const r = ROUTES;\n",
      );
      await expectLint(
        service,
        [],
        "import { API_MESSAGES } from '@baegen/shared/contract';\nexport const m = API_MESSAGES;\n",
      );
    });
  });
});
