/** The one source of "now" for the server: injected, so tests can pin and move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
