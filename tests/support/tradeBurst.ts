/**
 * Child process of the trading crash test: on a file SQLite database, two members trade an Agent
 * and points back and forth without pause (an offer, then its accept), and print each accepted
 * trade's key once its answer came back (committed). The test kills it mid-burst.
 *   node --import tsx tests/support/tradeBurst.ts FILE
 */
import { sql } from 'kysely';
import { prepareDatabase } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/index';
import type { Database } from '../../src/server/features/index';
import { applyGrant } from '../../src/server/features/rewards/index';
import { acceptOffer } from '../../src/server/features/trading/accept';
import { createOffer } from '../../src/server/features/trading/offers';

const file = process.argv[2];
if (!file) throw new Error('usage: tradeBurst.ts FILE');
const database = openDatabase<Database>(`file:${file}`);
const { db } = database;
await prepareDatabase(database, loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), Date.now());
// Both sides have two-factor (no hold); the daily limits go as high as they go.
for (const varId of ['iTradeOffersPerDay', 'iTradesPerDay']) {
  await db
    .insertInto('game_var')
    .values({ var_id: varId, type: 'int', value: '1000', updated_at: Date.now() })
    .onConflict((oc) => oc.column('var_id').doUpdateSet({ value: '1000' }))
    .execute();
}

const long = Date.now() - 60 * 24 * 60 * 60 * 1000;
const names = ['burst_a', 'burst_b'];
for (const name of names) {
  await db
    .insertInto('user')
    .values({
      id: name,
      email: `${name}@example.com`,
      emailVerified: sql.lit(true),
      name,
      createdAt: new Date(long).toISOString(),
      updatedAt: new Date(long).toISOString(),
      role: 'user',
      banned: sql.lit(false),
      banReason: null,
      banExpires: null,
      twoFactorEnabled: sql.lit(true),
    })
    .execute();
  await db
    .insertInto('member')
    .values({
      user_id: name,
      username: name,
      username_lower: name,
      referral_code: `ref${name}`,
      subscribe: 0,
      invite_code: null,
      referred_by_code: null,
      referred_by_user_id: null,
      verified_at: long,
      created_at: long,
    })
    .execute();
  await applyGrant(db, {
    userId: name,
    key: `burst-points:${name}`,
    reason: 'crash test',
    lines: [{ asset: 'points', amount: 1e9 }],
    now: Date.now(),
  });
}
const grant = await applyGrant(db, {
  userId: 'burst_a',
  key: 'burst-agent',
  reason: 'crash test',
  lines: [{ asset: 'item', templateId: 'agent-drowned-archivist' }],
  now: Date.now(),
});
const agent = await db
  .selectFrom('item')
  .select('public_id')
  .where('id', '=', grant.itemIds[0] as number)
  .executeTakeFirstOrThrow();
process.stdout.write('ready\n');

for (let n = 0; ; n++) {
  const [from, to] = n % 2 === 0 ? names : [...names].reverse();
  const now = Date.now();
  const made = await createOffer(db, {
    fromUserId: from as string,
    toUserName: to as string,
    giveItemIds: [agent.public_id],
    givePoints: 0,
    takeItemIds: [],
    takePoints: 7,
    message: '',
    now,
  });
  const tradeId = made.pTrade?.sTradeID as string;
  const accepted = await acceptOffer(db, { userId: to as string, tradeId, key: `burst-accept-${n}`, now });
  if (accepted.pTrade?.sState !== 'completed') throw new Error(`trade ${n} not completed: ${JSON.stringify(accepted)}`);
  // Pipes are synchronous on Linux: once written, the trade counts as acknowledged.
  process.stdout.write(`burst:${tradeId}\n`);
}
