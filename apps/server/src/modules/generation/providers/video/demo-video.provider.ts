import { SAMPLE_VIDEO_URL } from '@baegen/shared';
import type { VideoProvider } from '../ports';

/** The seed's placeholder: no generation, the bundled sample clip for every request. */
export class DemoVideoProvider implements VideoProvider {
  readonly name = 'demo';

  async generate(): Promise<string> {
    return SAMPLE_VIDEO_URL;
  }
}
