import { RunningWork } from '../../lib/running-work';

/** Why a reply's work ended early: the user stopped it, or it is no longer this worker's to write. */
export class ReplyStopped extends Error {
  constructor() {
    super('reply stopped');
    this.name = 'ReplyStopped';
  }
}

/** The replies this process writes, by message id, so a stop reaching it aborts the provider at once. */
export class RunningReplies extends RunningWork {
  constructor() {
    super(() => new ReplyStopped());
  }
}
