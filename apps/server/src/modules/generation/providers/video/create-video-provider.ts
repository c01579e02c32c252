import type { Env } from '../../../../config/env';
import type { Clock } from '../../../../lib/clock';
import type { VideoProvider } from '../ports';
import { replicateApi } from '../replicate-predictions';
import type { RetryPolicy } from '../vendor-retry';
import { DemoVideoProvider } from './demo-video.provider';
import { FalVideoProvider } from './fal-video.provider';
import { ReplicateVideoProvider } from './replicate-video.provider';

/** How long a demo video job takes when `DEMO_DELAY_MS` is not set: long enough to watch it progress. */
const DEMO_VIDEO_DELAY_MS = 3000;

/** Picks the video adapter from the environment, once at boot. env.ts has checked the variables. */
export function createVideoProvider(
  env: Env,
  deps: { clock: Clock; clipPath: string; retry: RetryPolicy },
): VideoProvider {
  switch (env.VIDEO_PROVIDER) {
    case 'replicate':
      return new ReplicateVideoProvider({
        ...replicateApi(env, deps.retry),
        model: env.REPLICATE_VIDEO_MODEL,
      });
    case 'fal':
      return new FalVideoProvider({
        key: env.FAL_KEY ?? '',
        baseUrl: env.FAL_BASE_URL,
        model: env.FAL_VIDEO_MODEL,
        retry: deps.retry,
      });
    default:
      return new DemoVideoProvider({
        clipPath: deps.clipPath,
        delayMs: env.DEMO_DELAY_MS ?? DEMO_VIDEO_DELAY_MS,
        clock: deps.clock,
      });
  }
}
