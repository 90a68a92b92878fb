import { warmUpMonsterBreaker } from '../../../protocol/monsterBreaker/warmUp';
import { type Capability, forOtherCapabilities } from '../../capability';
import { gamesActions } from './actions';
import { gamesCli } from './cli';
import { gamesConsoleActions } from './consoleActions';
import { memberBestScores as memberBestScoresOwn, memberRuns as memberRunsOwn } from './history';
import { gamesMigrations } from './migrations';
import { playersAmong as playersAmongOwn } from './players';
import { gameRunsByBucket as gameRunsByBucketOwn, verifiedWinsByBucket as verifiedWinsByBucketOwn } from './pulse';
import { RunReplays } from './replays';
import { tidyRuns } from './runs';
import type { GamesTables } from './tables';
import { GAME_VARS } from './vars';
import { claimGuestRuns } from './wins';

const HOUR = 3_600_000;

/**
 * Games (docs/product.md §15): the game service's Monster Breaker runs, verified by replaying
 * their inputs on the server (the simulation is protocol/monsterBreaker), the weekly leaderboard,
 * guest play, and the weekly curse-breaker.
 */
export const games: Capability<GamesTables> = {
  name: 'games',
  uses: ['collectibles', 'gamevars', 'identity', 'rewards'],
  migrations: gamesMigrations,
  gameVars: GAME_VARS,
  cli: gamesCli,
  start(ctx) {
    // A fresh process replays its first run far slower (V8 warm-up); do that now, not on a player's chunk.
    if (!warmUpMonsterBreaker()) throw new Error('Monster Breaker: the recorded runs no longer replay');
    const replays = new RunReplays({ db: ctx.db, clock: ctx.clock, speedLimit: ctx.config.gameTimeScale });
    return {
      actions: gamesActions(replays),
      consoleActions: gamesConsoleActions(ctx),
      jobs: [
        {
          name: 'games.tidyRuns',
          everyMs: 10 * 60_000,
          leader: true,
          // idle runs end after 2 h; chunks of runs that counted for nothing go after a week
          run: () => tidyRuns(ctx.db, ctx.clock.now(), 2 * HOUR, 7 * 24 * HOUR),
        },
      ],
      async onMemberRegistered(trx, event) {
        if (event.guestId) await claimGuestRuns(trx, event.guestId, event.userId);
      },
    };
  },
};

export type { GamesTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const memberRuns = forOtherCapabilities(memberRunsOwn);
export const memberBestScores = forOtherCapabilities(memberBestScoresOwn);

/** The console's pulse (issue 29): counts per time bucket (shared/buckets.ts). */
export const gameRunsByBucket = forOtherCapabilities(gameRunsByBucketOwn);
export const verifiedWinsByBucket = forOtherCapabilities(verifiedWinsByBucketOwn);
/** Announcements (issue 29): a segment's "has played a game". */
export const playersAmong = forOtherCapabilities(playersAmongOwn);
