/**
 * Another process working a raffle, for the race and crash tests (a second server, or the operator's
 * CLI, on the same database):
 *   node --import tsx tests/support/raffleWorker.ts DATABASE_URL close|draw RAFFLE_ID [CRASH_AFTER]
 * Prints one JSON line with the outcome. With CRASH_AFTER it SIGKILLs itself once it has delivered
 * that many prizes: a crash in the middle of a draw.
 */
import { openDatabase } from '../../src/server/db/index';
import { closeRaffle, deliverPrizes, drawRaffle } from '../../src/server/features/raffle/lifecycle';

const [url, action, id, crashAfter] = process.argv.slice(2);
if (!url || !action || !id) throw new Error('usage: raffleWorker.ts DATABASE_URL close|draw RAFFLE_ID [CRASH_AFTER]');
const raffleId = Number(id);
const database = openDatabase(url);
const who = { now: Date.now(), actor: `worker:${process.pid}` };
try {
  if (action === 'close') {
    const closed = await closeRaffle(database.db, raffleId, who);
    process.stdout.write(`${JSON.stringify({ done: closed.done })}\n`);
  } else if (action === 'draw') {
    const drawn = await drawRaffle(database.db, raffleId, who);
    let delivered = 0;
    if (drawn.done) {
      await deliverPrizes(database.db, raffleId, {
        now: Date.now(),
        onDelivered: (pick) => {
          delivered++;
          process.stdout.write(`delivered ${pick}\n`);
          if (crashAfter !== undefined && delivered >= Number(crashAfter)) process.kill(process.pid, 'SIGKILL');
        },
      });
    }
    process.stdout.write(`${JSON.stringify({ done: drawn.done, delivered })}\n`);
  } else {
    throw new Error(`unknown action ${action}`);
  }
} finally {
  await database.close();
}
