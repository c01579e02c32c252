import { describe, expect, it } from 'vitest';
import { LIST_LIMIT } from '@baegen/shared/contract';
import { characterRequests } from '../../test/character-kit';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';

describe(`characters list (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const { create, listResponse, list } = characterRequests(ctx);

  it('lists newest first with the total', async () => {
    const user = await signIn(ctx.app);
    const names = ['First', 'Second', 'Third'];
    for (const name of names) await create(user.headers, { name });
    const page = await list(user.headers);
    expect(page.documents.map((c) => c.name)).toEqual(['Third', 'Second', 'First']);
    expect(page.total).toBe(3);
    expect(page.nextCursor).toBeNull();
  });

  it('searches name and description case-insensitively, taking % and _ literally', async () => {
    const user = await signIn(ctx.app);
    await create(user.headers, { name: 'Scarlett Rose', description: 'Opera singer' });
    await create(user.headers, { name: 'Nadia', description: 'Loves ROSES and rain' });
    await create(user.headers, { name: 'Ivy', description: 'Gardener', appearance: 'rose tattoo' });
    await create(user.headers, { name: '100% Real', description: 'under_score' });
    await create(user.headers, { name: '100 Percent', description: 'underXscore' });

    const roses = await list(user.headers, { search: 'rOsE' });
    expect(roses.documents.map((c) => c.name).sort()).toEqual(['Nadia', 'Scarlett Rose']);
    expect(roses.total).toBe(2);

    expect((await list(user.headers, { search: 'OPERA' })).documents.map((c) => c.name)).toEqual([
      'Scarlett Rose',
    ]);
    expect((await list(user.headers, { search: '0%' })).documents.map((c) => c.name)).toEqual(['100% Real']);
    expect((await list(user.headers, { search: 'r_s' })).total).toBe(1);
    expect((await list(user.headers, { search: 'r_s' })).documents[0]?.name).toBe('100% Real');
    expect((await list(user.headers, { search: 'zzz-nothing' })).total).toBe(0);
    expect((await list(user.headers, { search: '   ' })).total).toBe(5);
  });

  it(`pages past ${LIST_LIMIT} with cursors, without duplicates`, async () => {
    const user = await signIn(ctx.app);
    const count = 2 * LIST_LIMIT + 5;
    for (let i = 0; i < count; i += 1) await create(user.headers, { name: `Bae ${i}` });

    const first = await list(user.headers);
    expect(first.documents).toHaveLength(LIST_LIMIT);
    expect(first.total).toBe(count);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(user.headers, { cursor: first.nextCursor! });
    expect(second.documents).toHaveLength(LIST_LIMIT);
    expect(second.total).toBe(count);
    const third = await list(user.headers, { cursor: second.nextCursor! });
    expect(third.documents).toHaveLength(5);
    expect(third.nextCursor).toBeNull();

    const all = [...first.documents, ...second.documents, ...third.documents];
    expect(new Set(all.map((c) => c.$id)).size).toBe(count);
    const keys = all.map((c) => `${c.createdAt}|${c.$id}`);
    expect(keys).toEqual([...keys].sort().reverse());

    const searched = await list(user.headers, { search: 'bae 1', limit: '10' });
    // "Bae 1", "Bae 10".."Bae 19", "Bae 100".."Bae 199"
    expect(searched.total).toBe(111);
    expect(searched.documents).toHaveLength(10);
    const rest = await list(user.headers, { search: 'bae 1', limit: '100', cursor: searched.nextCursor! });
    expect(rest.documents).toHaveLength(LIST_LIMIT);
    const last = await list(user.headers, { search: 'bae 1', cursor: rest.nextCursor! });
    expect(last.documents).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    const found = [...searched.documents, ...rest.documents, ...last.documents];
    expect(found.every((c) => c.name.startsWith('Bae 1'))).toBe(true);
    expect(new Set(found.map((c) => c.$id)).size).toBe(111);
  });

  it('refuses a bad list query with 400', async () => {
    const user = await signIn(ctx.app);
    const tooMany = await listResponse(user.headers, { limit: String(LIST_LIMIT + 1) });
    expect(tooMany.statusCode).toBe(400);
    const badCursor = await listResponse(user.headers, { cursor: 'not-a-cursor' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.code).toBe('INVALID_CURSOR');
  });
});
