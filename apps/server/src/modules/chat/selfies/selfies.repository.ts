import type { Db } from '../../../db/client';
import type { MessageChanges, MessageRow } from '../chat-messages.repository';

/** Messages whose picture a generation job makes; every query names the owner but the sweep's. */
export class SelfiesRepository {
  constructor(private readonly db: Db) {}

  /** The message waiting for this job's picture. */
  async byJob(userId: string, jobId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('selfie_job_id', '=', jobId)
      .executeTakeFirst();
  }

  /**
   * Records a job's end on the message still waiting for it; undefined when the end was recorded
   * already (another listener, the sweep), so it is recorded once.
   */
  async settle(
    userId: string,
    row: Pick<MessageRow, 'id'>,
    jobId: string,
    changes: MessageChanges,
  ): Promise<MessageRow | undefined> {
    return this.db
      .updateTable('chat_messages')
      .set((eb) => ({ ...changes, selfie_job_id: null, revision: eb('revision', '+', 1) }))
      .where('user_id', '=', userId)
      .where('id', '=', row.id)
      .where('selfie_job_id', '=', jobId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Sets a new job to make the message's picture, when the message waits for none and has not
   * changed since it was read; undefined otherwise.
   */
  async attach(
    userId: string,
    row: Pick<MessageRow, 'id' | 'revision'>,
    jobId: string,
    changes: MessageChanges,
  ): Promise<MessageRow | undefined> {
    return this.db
      .updateTable('chat_messages')
      .set((eb) => ({ ...changes, selfie_job_id: jobId, revision: eb('revision', '+', 1) }))
      .where('user_id', '=', userId)
      .where('id', '=', row.id)
      .where('revision', '=', row.revision)
      .where('selfie_job_id', 'is', null)
      .where('status', '<>', 'streaming')
      .returningAll()
      .executeTakeFirst();
  }

  /** Messages of every user still waiting for a job: the sweep reads each job. */
  async waiting(limit = 100) {
    return this.db
      .selectFrom('chat_messages')
      .select(['user_id', 'selfie_job_id'])
      .where('selfie_job_id', 'is not', null)
      .orderBy('updated_at', 'asc')
      .limit(limit)
      .execute();
  }
}
