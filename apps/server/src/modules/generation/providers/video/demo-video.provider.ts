import { readFile } from 'node:fs/promises';
import type { Clock } from '../../../../lib/clock';
import type { VideoJobState, VideoProvider } from '../ports';

const PREFIX = 'demo-';
/** The model the demo reports: it always answers the bundled sample clip, and draws no seed. */
export const DEMO_VIDEO_MODEL = 'demo-sample-clip';

/**
 * An honest offline stand-in: a job that takes `delayMs` and ends with the bundled sample clip.
 * Its id carries its start time, so a restarted worker polls the same job to the same end.
 */
export class DemoVideoProvider implements VideoProvider {
  readonly name = 'demo';

  constructor(private readonly options: { clipPath: string; delayMs: number; clock: Clock }) {}

  async submit(): Promise<string> {
    return `${PREFIX}${this.options.clock().getTime()}`;
  }

  async status(providerJobId: string): Promise<VideoJobState> {
    const started = Number(providerJobId.slice(PREFIX.length));
    if (!providerJobId.startsWith(PREFIX) || !Number.isFinite(started)) {
      return { status: 'failed', reason: `Unknown demo job ${providerJobId}` };
    }
    const elapsed = this.options.clock().getTime() - started;
    const { delayMs } = this.options;
    if (elapsed >= delayMs)
      return {
        status: 'succeeded',
        output: {
          kind: 'bytes',
          data: await readFile(this.options.clipPath),
          details: { model: DEMO_VIDEO_MODEL },
        },
      };
    return {
      status: 'running',
      percent: Math.floor((elapsed / delayMs) * 100),
      etaSeconds: Math.ceil((delayMs - elapsed) / 1000),
    };
  }

  async cancel(): Promise<void> {}
}
