/**
 * Child process of the store crash test: buys without pause on a file SQLite database, four
 * purchases at a time, and prints each purchase's key once its answer came back (committed). The
 * test kills it mid-burst.
 *   node --import tsx tests/support/purchaseBurst.ts FILE
 */
import { prepareDatabase } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/index';
import { applyGrant } from '../../src/server/features/rewards/index';
import { addStoreItem } from '../../src/server/features/store/manage';
import { buyStoreItem } from '../../src/server/features/store/purchase';

export const BURST_STOCK = 1_000_000;
const MEMBERS = 5;

const file = process.argv[2];
if (!file) throw new Error('usage: purchaseBurst.ts FILE');
const database = openDatabase(`file:${file}`);
const { db } = database;
await prepareDatabase(database, loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), Date.now());
const audit = { actor: 'burst', now: Date.now() };
await addStoreItem(
  db,
  'burst-agent',
  { template_id: 'agent-drowned-archivist', price: 3, stock: BURST_STOCK, member_limit: 1e9 },
  audit,
);
await addStoreItem(
  db,
  'burst-tickets',
  { kind: 'tickets', name: 'Burst', tickets: 2, price: 1, member_limit: 1e9 },
  audit,
);
for (let m = 0; m < MEMBERS; m++) {
  await applyGrant(db, {
    userId: `burst-user-${m}`,
    key: `burst-points:${m}`,
    reason: 'crash test',
    lines: [{ asset: 'points', amount: 1e9 }],
    now: Date.now(),
  });
}
process.stdout.write('ready\n');

for (let i = 0; ; i += 4) {
  await Promise.all(
    [0, 1, 2, 3].map(async (j) => {
      const n = i + j;
      const key = `burst:${n}`;
      const answer = await buyStoreItem(db, {
        userId: `burst-user-${n % MEMBERS}`,
        clientKey: key,
        itemId: n % 2 === 0 ? 'burst-agent' : 'burst-tickets',
        quantity: 1 + (n % 3),
        now: Date.now(),
      });
      if (answer.iErrorCode !== 0) throw new Error(`purchase ${key} refused: ${JSON.stringify(answer)}`);
      // Pipes are synchronous on Linux: once written, the purchase counts as acknowledged.
      process.stdout.write(`${key}\n`);
    }),
  );
}
