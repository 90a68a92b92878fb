/**
 * Child process of the crash test: grants without pause on a file SQLite database and prints
 * each grant's key once its transaction has committed. The test kills it mid-burst.
 *   node --import tsx tests/support/grantBurst.ts FILE
 */
import { prepareDatabase } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/index';
import { applyGrant } from '../../src/server/features/rewards/index';

const file = process.argv[2];
if (!file) throw new Error('usage: grantBurst.ts FILE');
const database = openDatabase(`file:${file}`);
await prepareDatabase(database, loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), Date.now());
process.stdout.write('ready\n');

for (let i = 0; ; i++) {
  const key = `burst:${i}`;
  await applyGrant(database.db, {
    userId: `burst-user-${i % 5}`,
    key,
    reason: 'crash test',
    lines: [
      { asset: 'points', amount: 5 },
      { asset: 'item', templateId: 'agent-drowned-archivist' },
      { asset: 'tickets', amount: 1 },
    ],
    now: Date.now(),
  });
  // Pipes are synchronous on Linux: once written, the key counts as acknowledged.
  process.stdout.write(`${key}\n`);
}
