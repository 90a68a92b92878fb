/** The one source of "now" on the server, so tests can move time (daily rewards, raffles). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
