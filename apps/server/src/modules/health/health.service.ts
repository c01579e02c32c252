import type { Health } from '@baegen/shared/contract';
import type { HealthRepository } from './health.repository';

/** How long one dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2000;

async function state(check: () => Promise<void>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export class HealthService {
  constructor(
    private readonly repo: HealthRepository,
    private readonly storage: { ping(): Promise<void> },
  ) {}

  /** Asks the database and the file store at once; `status` is ok only when both answer. */
  async check(): Promise<Health> {
    const [database, storage] = await Promise.all([
      state(() => this.repo.ping()),
      state(() => this.storage.ping()),
    ]);
    return { status: database === 'ok' && storage === 'ok' ? 'ok' : 'unavailable', database, storage };
  }
}
