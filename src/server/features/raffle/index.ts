import { type Capability, forOtherCapabilities } from '../../capability';
import { jobLeaseMs } from '../../shared/jobs';
import { raffleActions } from './actions';
import { httpBeaconSource } from './beacon';
import { raffleCli } from './cli';
import { raffleConsoleActions } from './consoleActions';
import { memberRaffleHistory as memberRaffleHistoryOwn } from './history';
import { raffleJob } from './jobs';
import { raffleMigrations } from './migrations';
import { raffleEntriesByBucket as raffleEntriesByBucketOwn } from './pulse';
import { rafflesAhead as rafflesAheadOwn } from './raffles';
import type { RaffleTables } from './tables';
import { RAFFLE_VARS } from './vars';
import { raffleDrawInfo, rememberCurrentRaffle } from './views';

/**
 * The weekly raffle (docs/product.md §12): raffles with prizes, entries paid in tickets through the
 * ledger, a draw anyone can verify (docs/raffle-draw.md), the job that runs it on time, and the
 * operator's `raffle` commands.
 */
export const raffle: Capability<RaffleTables> = {
  name: 'raffle',
  uses: ['rewards', 'identity', 'gamevars', 'collectibles', 'notifications'],
  migrations: raffleMigrations,
  gameVars: Object.values(RAFFLE_VARS),
  cli: raffleCli,
  start: (ctx) => {
    rememberCurrentRaffle(ctx.db, ctx.clock, ctx.config.settingsCacheMs);
    return {
      actions: raffleActions,
      consoleActions: raffleConsoleActions(ctx),
      jobs: [
        raffleJob({
          db: ctx.db,
          clock: ctx.clock,
          everyMs: ctx.config.raffle.intervalMs,
          beacon: httpBeaconSource(ctx.config.raffle.drandUrl),
          holder: ctx.bus.instanceId,
          leaseMs: jobLeaseMs(ctx.config, ctx.config.raffle.intervalMs),
        }),
      ],
      userData: async (userId, now) => ({ pRaffleDrawInfo: await raffleDrawInfo(ctx.db, userId, now) }),
    };
  },
};

export type { RaffleTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const memberRaffleHistory = forOtherCapabilities(memberRaffleHistoryOwn);

/** The console's overview (issue 38): the open raffle, the next one, those held for review. */
export const rafflesAhead = forOtherCapabilities(rafflesAheadOwn);

/** The console's pulse (issue 29): counts per time bucket (shared/buckets.ts). */
export const raffleEntriesByBucket = forOtherCapabilities(raffleEntriesByBucketOwn);
