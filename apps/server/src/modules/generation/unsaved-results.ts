import { type Generation, type GenerationList, LIST_LIMIT } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import type { FilesPort } from '../storage';
import type { GenerationRepository } from './generation.repository';
import { toGeneration } from './generation.service';

export interface UnsavedResultsDeps {
  repo: Pick<GenerationRepository, 'get' | 'recentImageJobs'>;
  files: Pick<FilesPort, 'unclaimedUrls' | 'deleteByUrl'>;
  clock: Clock;
  /** How long a candidate nobody kept is stored: past it, the results are gone anyway. */
  candidateTtlMs: number;
}

/**
 * Finished image jobs whose pictures the user has not saved yet: one click away from being lost,
 * so the header keeps them listed until one is saved, the user dismisses them, or they expire.
 */
export class UnsavedResults {
  constructor(private readonly deps: UnsavedResultsDeps) {}

  /** Succeeded image and character jobs none of whose outputs has been kept, latest first. */
  async list(userId: string): Promise<GenerationList> {
    const since = new Date(this.deps.clock().getTime() - this.deps.candidateTtlMs).toISOString();
    const jobs = (await this.deps.repo.recentImageJobs(userId, since, LIST_LIMIT))
      .map(toGeneration)
      .filter((job) => job.outputs.length > 0);
    const unclaimed = new Set(
      await this.deps.files.unclaimedUrls(
        userId,
        jobs.flatMap((job) => job.outputs),
      ),
    );
    const documents = jobs.filter((job) => job.outputs.every((url) => unclaimed.has(url)));
    return { total: documents.length, documents, nextCursor: null };
  }

  /** Lets the results go: the pictures nobody kept are deleted now rather than at expiry. */
  async dismiss(userId: string, id: string): Promise<Generation> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw AppError.notFound('Generation not found', 'GENERATION_NOT_FOUND');
    const job = toGeneration(row);
    if (job.status === 'queued' || job.status === 'running') {
      throw new AppError(409, 'GENERATION_ACTIVE', 'This generation is still running.');
    }
    for (const url of await this.deps.files.unclaimedUrls(userId, job.outputs)) {
      await this.deps.files.deleteByUrl(userId, url);
    }
    return job;
  }
}
