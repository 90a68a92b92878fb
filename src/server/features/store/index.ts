import { type Capability, forOtherCapabilities } from '../../capability';
import { storeActions } from './actions';
import { storeCli } from './cli';
import { storeConsoleActions } from './consoleActions';
import { memberPurchases as memberPurchasesOwn } from './history';
import { storeMigrations } from './migrations';
import { purchasesByBucket as purchasesByBucketOwn } from './pulse';
import { forgetOldRefusals } from './purchase';
import { seedDemoStore } from './seed';
import type { StoreTables } from './tables';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The reward store (docs/product.md §13): a catalogue of collectibles, ticket bundles and raffle
 * entries priced in points, purchases that change points, stock and the member's limit in one
 * transaction through the rewards ledger, and the member's points statement.
 */
export const store: Capability<StoreTables> = {
  name: 'store',
  uses: ['rewards', 'collectibles', 'maintenance', 'notifications'],
  migrations: storeMigrations,
  seed: (ctx) => seedDemoStore(ctx.db, ctx.now),
  cli: storeCli,
  start: (ctx) => ({
    actions: storeActions,
    consoleActions: storeConsoleActions(ctx),
    jobs: [
      {
        name: 'store.forgetOldRefusals',
        everyMs: HOUR_MS,
        leader: true,
        run: () => forgetOldRefusals(ctx.db, ctx.clock.now()),
      },
    ],
  }),
};

export type { StoreTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const memberPurchases = forOtherCapabilities(memberPurchasesOwn);

/** The console's pulse (issue 29): counts per time bucket (shared/buckets.ts). */
export const purchasesByBucket = forOtherCapabilities(purchasesByBucketOwn);
