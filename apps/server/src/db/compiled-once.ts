import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

/** Where each value of the compiled query comes from: an argument (its index) or a constant. */
type Slot = number | { constant: unknown };

interface Plan<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

const PLACEHOLDER = (index: number) => `\u0000Compiled-Once ${index}\u0000`;
/** Found in a value made from a placeholder, whatever was done to it (cased, trimmed, wrapped). */
const MADE_FROM_PLACEHOLDER = /compiled-once/i;

/**
 * A query of one fixed shape, built and compiled once per dialect and then run with each call's
 * values: for the short queries of every request, building and compiling through Kysely cost more
 * than SQLite running them. `build` must put each argument into the query as one value, as it is
 * (never a table or column name, never changed on the way); the first build checks every argument
 * landed as a value.
 */
export function compiledOnce<Args extends string[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<QueryResult<Row>> {
  // By the dialect's adapter class: each dialect spells the query its own way.
  const plans = new Map<unknown, Plan<Row>>();
  const plan = (db: Kysely<Database>, arity: number): Plan<Row> => {
    const placeholders = Array.from({ length: arity }, (_, index) => PLACEHOLDER(index));
    const query = build(db, ...(placeholders as Args)).compile();
    const slots = query.parameters.map((value): Slot => {
      const index = placeholders.indexOf(value as string);
      if (index >= 0) return index;
      if (typeof value === 'string' && MADE_FROM_PLACEHOLDER.test(value))
        throw new Error('compiledOnce: an argument was changed before it became a value of the query');
      return { constant: value };
    });
    placeholders.forEach((_, index) => {
      if (!slots.includes(index))
        throw new Error(`compiledOnce: argument ${index} is not a value of the query`);
    });
    return { query, slots };
  };
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let found = plans.get(dialect);
    if (!found) plans.set(dialect, (found = plan(db, args.length)));
    const parameters = found.slots.map((slot) => (typeof slot === 'number' ? args[slot] : slot.constant));
    return db.executeQuery<Row>({ ...found.query, parameters });
  };
}
