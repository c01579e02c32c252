/** The one source of "now" for services, so tests can pin and move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * Resolves once `clock` reads `delayMs` later than it did at the call; rejects when `signal`
 * aborts. It looks at the clock every `stepMs`, so a pinned test clock moves it on demand.
 */
export async function waitOnClock(clock: Clock, delayMs: number, signal: AbortSignal, stepMs = 25) {
  const until = clock().getTime() + delayMs;
  while (clock().getTime() < until) {
    signal.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  signal.throwIfAborted();
}
