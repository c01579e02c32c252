type Guard<T> = (value: unknown) => value is T;

/** The notice whose fields `guards` check. */
type Checked<G> = { [K in keyof G]: G[K] extends Guard<infer T> ? T : never };

/**
 * A notice between instances travels as the JSON array of its fields, in the order `guards` names
 * them; `decode` answers null for a payload that is not such a notice.
 */
export function noticeCodec<G extends Record<string, Guard<unknown>>>(guards: G) {
  type N = Checked<G>;
  const fields = Object.entries(guards);
  return {
    encode: (notice: N): string => JSON.stringify(fields.map(([key]) => notice[key])),
    decode(payload: string): N | null {
      try {
        const values: unknown = JSON.parse(payload);
        if (!Array.isArray(values) || values.length !== fields.length) return null;
        if (!fields.every(([, isField], index) => isField(values[index]))) return null;
        return Object.fromEntries(fields.map(([key], index) => [key, values[index]])) as N;
      } catch {
        return null;
      }
    },
  };
}

export const isText = (value: unknown): value is string => typeof value === 'string';

export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);
