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
        "import { LIMITS } from '@baegen/shared';",
        'export const all = [mediaKeys, Button, apiClient, LIMITS];',
        '',
      ].join('\n');
      expect(await lint('apps/web/src/features/media/components/media-card.tsx', code)).toEqual([]);
      const app =
        "import { LandingPage } from '../features/landing/landing-page';\nexport const x = LandingPage;\n";
      expect(await lint('apps/web/src/app/router.tsx', app)).toEqual([]);
    });
  });

  describe('server layers', () => {
    it('refuse Kysely or src/db/ outside repositories, db/ and migrations', async () => {
      const kysely = "import { sql } from 'kysely';\nexport const q = sql;\n";
      expect(await lint('apps/server/src/modules/media/media.service.ts', kysely)).toEqual(refused);
      const db = "import type { Db } from '../../db/client';\nexport type D = Db;\n";
      expect(await lint('apps/server/src/modules/media/media.service.ts', db)).toEqual(refused);
      const dbFromPlugin =
        "import { containsInsensitive } from '../db/sql-helpers';\nexport const c = containsInsensitive;\n";
      expect(await lint('apps/server/src/plugins/origin-check.plugin.ts', dbFromPlugin)).toEqual(refused);
    });

    it('allow Kysely and src/db/ in repositories, migrations, the composition roots and tests', async () => {
      const repository = [
        "import { sql } from 'kysely';",
        "import type { Db } from '../../db/client';",
        'export type D = Db;',
        'export const q = sql;',
        '',
      ].join('\n');
      expect(await lint('apps/server/src/modules/media/media.repository.ts', repository)).toEqual([]);
      const migration =
        "import { type Kysely, sql } from 'kysely';\nexport type K = Kysely<unknown>;\nexport const q = sql;\n";
      expect(await lint('apps/server/src/db/migrations/002-next.ts', migration)).toEqual([]);
      const root = "import { createDb } from './db/client';\nexport const c = createDb;\n";
      expect(await lint('apps/server/src/server.ts', root)).toEqual([]);
      const testApp = "import { migrateToLatest } from '../db/client';\nexport const m = migrateToLatest;\n";
      expect(await lint('apps/server/src/test/test-app.ts', testApp)).toEqual([]);
    });

    it('refuse a lib file importing a module', async () => {
      const code =
        "import type { FilesPort } from '../modules/storage/files.port';\nexport type F = FilesPort;\n";
      expect(await lint('apps/server/src/lib/send-file.ts', code)).toEqual(refused);
      const lib = "import { newId } from './ids';\nexport const id = newId;\n";
      expect(await lint('apps/server/src/lib/send-file.ts', lib)).toEqual([]);
    });

    it('refuse a route importing a repository, and allow its service', async () => {
      const repository =
        "import type { MediaRepository } from './media.repository';\nexport type R = MediaRepository;\n";
      expect(await lint('apps/server/src/modules/media/media.routes.ts', repository)).toEqual(refused);
      const other =
        "import { FilesRepository } from '../storage/files.repository';\nexport const r = FilesRepository;\n";
      expect(await lint('apps/server/src/modules/media/media.routes.ts', other)).toEqual(refused);
      const service = "import type { MediaService } from './media.service';\nexport type S = MediaService;\n";
      expect(await lint('apps/server/src/modules/media/media.routes.ts', service)).toEqual([]);
    });

    it('let a service use its repository', async () => {
      const code =
        "import type { MediaRepository } from './media.repository';\nexport type R = MediaRepository;\n";
      expect(await lint('apps/server/src/modules/media/media.service.ts', code)).toEqual([]);
    });
  });
});
