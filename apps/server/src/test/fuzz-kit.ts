// Generators of odd requests: valid templates bent one field at a time, odd text, odd URLs.
import fc from 'fast-check';

/** Ids of the records the fuzz suite seeds for its two users. */
export interface Known {
  alice: { characterId: string; mediaId: string; fileId: string; fileUrl: string; address: string };
  bob: { characterId: string; mediaId: string; fileId: string };
}

export interface Probe {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** A JSON value to serialise, or raw text sent as application/json. */
  body?: { json: unknown } | { raw: string };
}

const oddUnits = [
  '\u0000',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ufffe',
  '\u202e',
  '\u200f',
  '%',
  '/',
  '\\',
  '"',
  '.',
  '?',
  '#',
  '&',
  '=',
];
/** One unit of text: any code point, with NUL, lone surrogates and URL syntax made common. */
const unit = fc.oneof(
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...oddUnits) },
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '__proto__',
      'constructor',
      '../../etc/passwd',
      'a'.repeat(5000),
      '1e400',
      '-1',
      'NaN',
      'null',
      '0x10',
      '9'.repeat(400),
      'https://127.0.0.1/',
      '/api/files/x/view',
    ),
  },
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, -0, 0.5),
);
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Any value a JSON field may hold, `ids` among them so records of both users get named. */
const anyValue = (ids: string[]) =>
  fc.oneof(text, number, fc.constantFrom(...ids), fc.jsonValue({ stringUnit: unit, maxDepth: 3 }));

/**
 * The valid body with each field kept, dropped or replaced, and maybe a stray field added: mostly
 * kept, so that one odd field at a time gets past the others' checks to the code behind them.
 */
function around(template: Record<string, unknown>, ids: string[]) {
  const fields = Object.fromEntries(
    Object.entries(template).map(([key, valid]) => [
      key,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(valid) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: anyValue(ids) },
      ),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(text, anyValue(ids), { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** The valid body with exactly one field replaced by odd text. */
function oneOdd(template: Record<string, unknown>) {
  return fc
    .tuple(fc.constantFrom(...Object.keys(template)), fc.string({ unit, minLength: 1, maxLength: 12 }))
    .map(([key, odd]) => ({ ...template, [key]: `${String(template[key])}${odd}` }));
}

function bodyFor(template: Record<string, unknown>, ids: string[]): fc.Arbitrary<Probe['body']> {
  return fc.oneof(
    { weight: 3, arbitrary: oneOdd(template).map((json) => ({ json })) },
    { weight: 4, arbitrary: around(template, ids).map((json) => ({ json })) },
    { weight: 2, arbitrary: anyValue(ids).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        text.map((raw) => ({ raw })),
        fc.constantFrom(200, 5000, 100_000).map((depth) => ({ raw: nested(depth) })),
      ),
    },
  );
}

const percentBytes = (bytes: Uint8Array) =>
  [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Text as a URL carries it; text with a lone surrogate has no UTF-8, so it goes as stray bytes. */
function encode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return percentBytes(Buffer.from(value));
  }
}

export const urlText = (ids: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: text.map(encode) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map(percentBytes) },
    { weight: 1, arbitrary: fc.constantFrom(...ids) },
  );

/** A query string: each known parameter valid, absent, odd or repeated, plus a stray one. */
export function queryFor(valid: Record<string, string>, ids: string[]) {
  const params = Object.entries(valid).map(([name, value]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([`${name}=${encode(value)}`]) },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 2, arbitrary: urlText(ids).map((odd) => [`${name}=${odd}`]) },
      {
        weight: 1,
        arbitrary: fc.tuple(urlText(ids), urlText(ids)).map(([a, b]) => [`${name}=${a}`, `${name}=${b}`]),
      },
    ),
  );
  const stray = fc.option(fc.tuple(urlText(ids), urlText(ids)).map(([name, value]) => `${name}=${value}`));
  return fc
    .tuple(fc.tuple(...params), stray)
    .map(([pairs, extra]) => [...pairs.flat(), ...(extra === null ? [] : [extra])].join('&'));
}

export type Endpoint = (known: Known, ids: string[]) => fc.Arbitrary<Probe>;

export const withId =
  (method: Probe['method'], path: (id: string) => string, body?: (known: Known) => Record<string, unknown>) =>
  (known: Known, ids: string[]) =>
    fc
      .tuple(urlText(ids), body ? bodyFor(body(known), ids) : fc.constant(undefined))
      .map(([id, payload]): Probe => ({ method, url: path(id), body: payload }));

export const withBody =
  (url: string, body: (known: Known) => Record<string, unknown>) => (known: Known, ids: string[]) =>
    bodyFor(body(known), ids).map((payload): Probe => ({ method: 'POST', url, body: payload }));

export const withQuery =
  (path: string, valid: (known: Known) => Record<string, string>) => (known: Known, ids: string[]) =>
    queryFor(valid(known), ids).map((query): Probe => ({ method: 'GET', url: `${path}?${query}` }));
