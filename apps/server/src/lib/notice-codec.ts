type Guards<N> = { [K in keyof N]: (value: unknown) => value is N[K] };

/**
 * A notice between instances travels as the JSON array of its fields, in the order `guards` names
 * them; `decode` answers null for a payload that is not such a notice.
 */
export function noticeCodec<N extends object>(guards: Guards<N>) {
  const keys = Object.keys(guards) as (keyof N)[];
  return {
    encode: (notice: N): string => JSON.stringify(keys.map((key) => notice[key])),
    decode(payload: string): N | null {
      try {
        const values: unknown = JSON.parse(payload);
        if (!Array.isArray(values) || values.length !== keys.length) return null;
        if (!keys.every((key, index) => guards[key](values[index]))) return null;
        return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as N;
      } catch {
        return null;
      }
    },
  };
}

export const isText = (value: unknown): value is string => typeof value === 'string';

export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);
