import { GenerationCancelled } from './provider-job';

/** Running jobs of this process by id, so a cancel here stops its worker at once. */
export class RunningJobs {
  private readonly controllers = new Map<string, AbortController>();

  track(id: string): AbortController {
    const controller = new AbortController();
    this.controllers.set(id, controller);
    return controller;
  }

  release(id: string): void {
    this.controllers.delete(id);
  }

  abort(id: string): void {
    this.controllers.get(id)?.abort(new GenerationCancelled());
  }
}
