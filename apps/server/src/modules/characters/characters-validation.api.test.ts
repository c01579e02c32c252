import { describe, expect, it } from 'vitest';
import { API_MESSAGES, LIMITS } from '@baegen/shared/contract';
import { LUNA, characterRequests } from '../../test/character-kit';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';

describe(`characters input validation (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const { create, list, get } = characterRequests(ctx);

  it('answers 400 with a clear message to invalid input on create and update', async () => {
    const user = await signIn(ctx.app);
    const existing = await create(user.headers);
    const required = [
      { name: '' },
      { name: '   ' },
      { appearance: '' },
      { appearance: ' \n ' },
      { name: undefined, appearance: undefined },
    ];
    const tooLong = [
      { name: 'x'.repeat(LIMITS.characterName + 1) },
      { description: 'x'.repeat(LIMITS.characterText + 1) },
      { appearance: 'x'.repeat(LIMITS.characterText + 1) },
      { personality: 'x'.repeat(LIMITS.characterText + 1) },
    ];
    const badUrls = [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example.com/x.png',
      'ftp://example.com/x.png',
      '/etc/passwd',
    ].map((imageUrl) => ({ imageUrl }));

    for (const [method, url] of [
      ['POST', '/api/characters'],
      ['PATCH', `/api/characters/${existing.$id}`],
    ] as const) {
      for (const change of required) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: user.headers,
          payload: { ...LUNA, ...change },
        });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error).toEqual({
          code: 'VALIDATION_ERROR',
          message: API_MESSAGES.characters.nameAndAppearanceRequired,
        });
      }
      for (const change of [...tooLong, ...badUrls]) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: user.headers,
          payload: { ...LUNA, ...change },
        });
        expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
      const wrongType = await ctx.app.inject({
        method,
        url,
        headers: user.headers,
        payload: { ...LUNA, name: 42 },
      });
      expect(wrongType.statusCode).toBe(400);
    }

    const atLimit = await create(user.headers, { name: 'n'.repeat(LIMITS.characterName) });
    expect(atLimit.name).toHaveLength(LIMITS.characterName);
    expect((await get(user.headers, existing.$id)).json()).toEqual(existing);
    expect((await list(user.headers)).total).toBe(2);
  });
});
