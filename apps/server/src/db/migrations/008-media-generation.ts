import type { Kysely } from 'kysely';
import { ownedByUser, required } from '../migration-helpers';

/**
 * Provenance. Each output a generation job stored is recorded with the model and seed its provider
 * reported, keyed by the user's file, so saving that file as media finds the job that made it. The
 * media record keeps a copy (JSON) of how it was made: it outlives the job. Older media keep null.
 * @public Run by the migrator, through db/migrations/index.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generation_outputs')
    .addColumn('user_id', 'varchar(64)', ownedByUser)
    .addColumn('file_id', 'varchar(64)', required)
    .addColumn('generation_id', 'varchar(64)', (col) =>
      col.notNull().references('generations.id').onDelete('cascade'),
    )
    .addColumn('model', 'text')
    // bigint: A1111 and Replicate seeds reach 2^32 and beyond.
    .addColumn('seed', 'bigint')
    .addPrimaryKeyConstraint('generation_outputs_pk', ['user_id', 'file_id'])
    .execute();
  await db.schema.alterTable('media').addColumn('generation', 'text').execute();
}

/** @public Run by the migrator, through db/migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('generation').execute();
  await db.schema.dropTable('generation_outputs').execute();
}
