/** The one source of "now" for services, so tests can pin and move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
