import type { HealthRepository } from './health.repository';

export interface HealthReport {
  status: 'ok';
}

export class HealthService {
  constructor(private readonly repo: HealthRepository) {}

  /** Resolves when every dependency answers; a failure propagates as the error it is. */
  async check(): Promise<HealthReport> {
    await this.repo.ping();
    return { status: 'ok' };
  }
}
