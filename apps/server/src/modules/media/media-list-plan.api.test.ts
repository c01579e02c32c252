import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';
import { MediaRepository } from './media.repository';

const OWN = 10_000;
/** Four other users as large: the owner's rows are a fifth of the table, as in a real one or less. */
const OTHER_USERS = ['u1', 'u2', 'u3', 'u4'];

/** Keeps the operation tree of every query the repository builds, to EXPLAIN it afterwards. */
class QueryRecorder implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

describe(`GET /api/media's queries at ${OWN} rows use the indexes (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();

  beforeAll(async () => {
    const db = ctx.database.db;
    const rows = (userId: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `${userId}-${String(i).padStart(6, '0')}`,
        user_id: userId,
        character_id: `c${i % 20}`,
        type: i % 5 === 0 ? ('video' as const) : ('image' as const),
        prompt: `Study number ${i}`,
        url: `https://img.example/${userId}/${i}.png`,
        thumbnail: '',
        file_id: null,
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        favorite: i % 10 === 0 ? 1 : 0,
      }));
    const createdAt = new Date(Date.UTC(2026, 0, 1)).toISOString();
    await db
      .insertInto('users')
      .values(['owner', ...OTHER_USERS].map((id) => ({ id, wallet_address: id, created_at: createdAt })))
      .execute();
    const all = [...rows('owner', OWN), ...OTHER_USERS.flatMap((id) => rows(id, OWN))];
    for (let start = 0; start < all.length; start += 500) {
      await db
        .insertInto('media')
        .values(all.slice(start, start + 500))
        .execute();
    }
    // Fresh statistics, and on PostgreSQL a visibility map, so the planner sees the table as it is.
    await db.executeQuery(CompiledQuery.raw(TEST_DIALECT === 'sqlite' ? 'analyze' : 'vacuum analyze media'));
  });

  async function plansOf(work: (repo: MediaRepository) => Promise<unknown>): Promise<string[]> {
    const recorder = new QueryRecorder();
    const db = ctx.database.db.withPlugin(recorder);
    await work(new MediaRepository(db));
    const executor = ctx.database.db.getExecutor();
    const plans: string[] = [];
    for (const node of recorder.nodes) {
      const compiled = executor.compileQuery(node, { queryId: 'explain' });
      const explain = TEST_DIALECT === 'sqlite' ? 'explain query plan ' : 'explain ';
      const result = await ctx.database.db.executeQuery(
        CompiledQuery.raw(`${explain}${compiled.sql}`, [...compiled.parameters]),
      );
      plans.push(result.rows.map((row) => Object.values(row as object).join(' ')).join('\n'));
    }
    return plans;
  }

  it("reads the first page, a later page and a type tab, with their totals, by the user's index range", async () => {
    const page = { limit: 100 };
    const plans = await plansOf(async (repo) => {
      const first = await repo.list('owner', {}, page);
      expect(first.total).toBe(OWN);
      expect(first.documents).toHaveLength(100);
      await repo.list('owner', {}, { ...page, cursor: first.nextCursor! });
      await repo.list('owner', { type: 'video' }, page);
    });
    expect(plans.length).toBeGreaterThanOrEqual(6);
    for (const plan of plans) {
      // Each reads the owner's rows by an index that starts with user_id (a total may count the
      // narrowest covering one), never the whole table nor a sort of it.
      expect(plan).toMatch(/media_user_(type_)?created_idx|media_user_(character|file)_idx/);
      expect(plan).not.toMatch(/SCAN media(?! USING)|Seq Scan on media/);
    }
  });

  it('reads favourites and the oldest-first order, both ways and paged, by an index range', async () => {
    const page = { limit: 100 };
    const favouritePlans = await plansOf(async (repo) => {
      const first = await repo.list('owner', { favorite: true }, page);
      expect(first.total).toBe(OWN / 10);
      await repo.list('owner', { favorite: true }, { ...page, cursor: first.nextCursor! });
      const oldest = await repo.list('owner', { favorite: true }, { ...page, sort: 'oldest' });
      await repo.list('owner', { favorite: true }, { ...page, sort: 'oldest', cursor: oldest.nextCursor! });
    });
    const oldestPlans = await plansOf(async (repo) => {
      const first = await repo.list('owner', {}, { ...page, sort: 'oldest' });
      expect(first.documents[0]?.id).toBe('owner-000000');
      await repo.list('owner', {}, { ...page, sort: 'oldest', cursor: first.nextCursor! });
    });
    for (const plan of favouritePlans) expect(plan).toMatch(/media_user_favorite_created_idx/);
    for (const plan of [...favouritePlans, ...oldestPlans]) {
      // The total of an unfiltered list counts a narrower covering index: still the user's range.
      expect(plan).toMatch(/media_user_(favorite_)?created_idx|media_user_(character|file)_idx/);
      expect(plan).not.toMatch(/SCAN media(?! USING)|Seq Scan on media|TEMP B-TREE|Sort Key/);
    }
  });
});
