import { RunningWork } from '../../lib/running-work';
import { GenerationCancelled } from './provider-job';

/** Running jobs of this process by id, so a cancel here stops its worker at once. */
export class RunningJobs extends RunningWork {
  constructor() {
    super(() => new GenerationCancelled());
  }
}
