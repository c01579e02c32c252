import type { GenerationPatch } from './generation.repository';
import type { ProviderJobState, ProviderJobs } from './providers/ports';

/** What following one job on a vendor's side needs from the generation that owns it. */
export interface ProviderJobDeps<Input, Output> {
  provider: ProviderJobs<Input, Output>;
  /** The vendor's id written by an earlier run of this generation, if any. */
  providerJobId: string | null;
  input(): Promise<Input>;
  /** Writes the vendor's id before any wait; false once the generation was cancelled. */
  submitted(providerJobId: string): Promise<boolean>;
  /** Writes progress; false once the generation was cancelled. */
  update(patch: GenerationPatch): Promise<boolean>;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  pollMs: number;
  /** When the generation runs out of time, on `now()`'s clock. */
  deadline: number;
  /** What a job the vendor failed, or one out of time, throws. */
  failed(): Error;
  timedOut(): Error;
}

export class GenerationCancelled extends Error {
  constructor() {
    super('The generation was cancelled');
    this.name = 'GenerationCancelled';
  }
}

const MAX_POLL_FAILURES = 5;

function progressOf(state: ProviderJobState<unknown>): GenerationPatch | null {
  if (state.status === 'queued') {
    return { phase: 'queued', percent: null, queue_position: state.queuePosition, eta_seconds: null };
  }
  if (state.status === 'running') {
    return {
      phase: 'generating',
      percent: state.percent,
      queue_position: null,
      eta_seconds: state.etaSeconds,
    };
  }
  return null;
}

/**
 * Submits once (or re-attaches to the id an earlier run wrote), then polls until the vendor's job
 * settles, writing its progress. Out of time, the vendor's job is cancelled: nobody waits for it.
 */
export async function followProviderJob<Input, Output>(
  deps: ProviderJobDeps<Input, Output>,
  callerSignal: AbortSignal,
): Promise<Output> {
  const timeout = AbortSignal.timeout(Math.max(0, deps.deadline - deps.now()));
  const signal = AbortSignal.any([callerSignal, timeout]);
  let providerJobId = deps.providerJobId;
  const giveUp = async () => {
    if (providerJobId) await deps.provider.cancel(providerJobId).catch(() => undefined);
    return deps.timedOut();
  };
  try {
    if (!providerJobId) {
      providerJobId = await deps.provider.submit(await deps.input(), signal);
      if (!(await deps.submitted(providerJobId))) {
        await deps.provider.cancel(providerJobId).catch(() => undefined);
        throw new GenerationCancelled();
      }
    }
    return await poll(providerJobId, deps, signal, giveUp);
  } catch (error) {
    if (timeout.aborted && !callerSignal.aborted) throw await giveUp();
    throw error;
  }
}

async function poll<Input, Output>(
  providerJobId: string,
  deps: ProviderJobDeps<Input, Output>,
  signal: AbortSignal,
  giveUp: () => Promise<Error>,
): Promise<Output> {
  let last = '';
  let failures = 0;
  for (;;) {
    signal.throwIfAborted();
    let state: ProviderJobState<Output>;
    try {
      state = await deps.provider.status(providerJobId, signal);
      failures = 0;
    } catch (error) {
      if (signal.aborted || (failures += 1) >= MAX_POLL_FAILURES) throw error;
      await deps.sleep(deps.pollMs, signal);
      continue;
    }
    if (state.status === 'succeeded') return state.output;
    if (state.status === 'failed') throw deps.failed();
    if (state.status === 'cancelled') throw new GenerationCancelled();
    const progress = progressOf(state);
    const key = JSON.stringify(progress);
    if (progress && key !== last) {
      last = key;
      if (!(await deps.update(progress))) throw new GenerationCancelled();
    }
    if (deps.now() >= deps.deadline) throw await giveUp();
    await deps.sleep(deps.pollMs, signal);
  }
}
