import type { Deps } from '../../deps';
import { firstOverLimit, type Limit, type LimitCheck } from '../../shared/rateLimit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The games' rate limits, generous for play and tight for guessing. Like identity's, they scale
 * with Config.rateLimitScale and Config.rateLimits overrides any of them by name.
 */
export const GAME_LIMITS = {
  startRunPerIp: { max: 60, windowMs: 10 * MINUTE },
  /** New guest players (each is a row and a password hash). */
  newGuestPerIp: { max: 10, windowMs: HOUR },
  curseAnswerPerMember: { max: 10, windowMs: 10 * MINUTE },
  curseAnswerPerIp: { max: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;

export type GameLimitName = keyof typeof GAME_LIMITS;

/** Counts each check in order; true at the first one over its limit (empty subjects are skipped). */
export async function overGameLimit(deps: Deps, checks: ReadonlyArray<LimitCheck<GameLimitName>>): Promise<boolean> {
  return (await firstOverLimit(deps, GAME_LIMITS, checks)) !== null;
}
