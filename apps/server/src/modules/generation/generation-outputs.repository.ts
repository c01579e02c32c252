import type { Db } from '../../db/client';
import type { GenerationOutputsTable } from '../../db/schema';

/** A stored output of a job joined with the job's own record of how it ran. */
export interface OutputProvenanceRow {
  generation_id: string;
  provider: string;
  model: string | null;
  seed: number | string | null;
  prompt: string;
  subject: string | null;
}

/** The files each generation job stored, and what its provider reported of each. */
export class GenerationOutputsRepository {
  constructor(private readonly db: Db) {}

  /** A job that runs again after a restart records its new files; a file already recorded stays as it was. */
  async record(rows: GenerationOutputsTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('generation_outputs')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'file_id']).doNothing())
      .execute();
  }

  /** The user's job that stored this file, with the output's model and seed; undefined when none did. */
  async ofFile(userId: string, fileId: string): Promise<OutputProvenanceRow | undefined> {
    return this.db
      .selectFrom('generation_outputs as o')
      .innerJoin('generations as g', (join) =>
        join.onRef('g.id', '=', 'o.generation_id').onRef('g.user_id', '=', 'o.user_id'),
      )
      .select(['o.generation_id', 'g.provider', 'o.model', 'o.seed', 'g.prompt', 'g.subject'])
      .where('o.user_id', '=', userId)
      .where('o.file_id', '=', fileId)
      .executeTakeFirst();
  }
}
