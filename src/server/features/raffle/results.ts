import { notify } from '../notifications/index';
import type { RaffleDb } from './tables';

/**
 * Every entrant's result in their notification centre, after the draw (issue 36, decision 0209):
 * in pages of entrants by user id, like announcements' delivery (decision 0197). Each page is one
 * transaction: the entries (unique per member and key, so a repeat adds nothing) and the raffle's
 * `results_cursor` moved past the page only if it still stands where the page began. A crash before
 * the commit leaves nothing of the page; after it, the next page follows. So a restart neither
 * skips nor repeats an entrant, and two runners cannot both deliver one page. The draw itself
 * writes no entry, and the prizes go first (jobs.ts), so no winner waits for the others' notices.
 */
export const RESULT_PAGE = 200;
export const RESULT_PAGES_PER_TICK = 25;

export type ResultPage = { delivered: number; finished: boolean; stopped: boolean };

class PageLost extends Error {}

/** One page of one raffle's results. `stopped`: nothing left to do here, or another runner moved first. */
export async function deliverResultPage(
  db: RaffleDb,
  raffleId: number,
  options: { now: number; pageSize?: number },
): Promise<ResultPage> {
  return db
    .transaction()
    .execute(async (trx) => {
      const raffle = await trx
        .selectFrom('raffle')
        .select(['id', 'title', 'status', 'results_cursor', 'results_at'])
        .where('id', '=', raffleId)
        .executeTakeFirst();
      if (!raffle || raffle.results_at !== null || (raffle.status !== 'drawing' && raffle.status !== 'drawn')) {
        return { delivered: 0, finished: false, stopped: true };
      }
      const cursor = raffle.results_cursor;
      const page = await trx
        .selectFrom('raffle_entry as e')
        .select((eb) => [
          'e.user_id',
          eb
            .exists(
              eb
                .selectFrom('raffle_winner as w')
                .select('w.pick')
                .whereRef('w.raffle_id', '=', 'e.raffle_id')
                .whereRef('w.user_id', '=', 'e.user_id'),
            )
            .as('won'),
        ])
        .where('e.raffle_id', '=', raffleId)
        .where('e.user_id', '>', cursor)
        .orderBy('e.user_id')
        .limit(options.pageSize ?? RESULT_PAGE)
        .execute();
      const last = page.at(-1)?.user_id;
      if (last === undefined) {
        const done = await trx
          .updateTable('raffle')
          .set({ results_at: options.now })
          .where('id', '=', raffleId)
          .where('results_at', 'is', null)
          .where('results_cursor', '=', cursor)
          .executeTakeFirst();
        return { delivered: 0, finished: Number(done.numUpdatedRows) === 1, stopped: true };
      }
      const won = page.filter((row) => Boolean(Number(row.won))).map((row) => row.user_id);
      const lost = page.filter((row) => !Number(row.won)).map((row) => row.user_id);
      const fresh = [
        ...(await notify(trx, won, winnerResult(raffle), options.now)),
        ...(await notify(trx, lost, loserResult(raffle), options.now)),
      ];
      const moved = await trx
        .updateTable('raffle')
        .set((eb) => ({ results_cursor: last, results_delivered: eb('results_delivered', '+', fresh.length) }))
        .where('id', '=', raffleId)
        .where('results_at', 'is', null)
        .where('results_cursor', '=', cursor)
        .executeTakeFirst();
      // Another runner moved it first: this page's entries go with the rollback.
      if (Number(moved.numUpdatedRows) !== 1) throw new PageLost();
      return { delivered: fresh.length, finished: false, stopped: false };
    })
    .catch((error: unknown) => {
      if (error instanceof PageLost) return { delivered: 0, finished: false, stopped: true };
      throw error;
    });
}

/** Up to `pages` pages of one raffle's results (a tick's share); answers how many entrants got theirs. */
export async function deliverResults(
  db: RaffleDb,
  raffleId: number,
  options: { now: number; pages?: number; pageSize?: number },
): Promise<{ delivered: number; finished: boolean }> {
  let delivered = 0;
  for (let page = 0; page < (options.pages ?? RESULT_PAGES_PER_TICK); page++) {
    const outcome = await deliverResultPage(db, raffleId, options);
    delivered += outcome.delivered;
    if (outcome.finished) return { delivered, finished: true };
    if (outcome.stopped) break;
  }
  return { delivered, finished: false };
}

/** Raffles drawn whose results are still going out, oldest first. */
export async function rafflesWithResultsDue(db: RaffleDb): Promise<number[]> {
  const rows = await db
    .selectFrom('raffle')
    .select('id')
    .where('status', 'in', ['drawing', 'drawn'])
    .where('results_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

type Drawn = { id: number | bigint; title: string };
const viewerLink = (raffle: Drawn) => `/raffleviewer?iRaffleID=${raffle.id}`;
const resultKey = (raffle: Drawn) => `raffle:${raffle.id}:result`;

const winnerResult = (raffle: Drawn) => ({
  kind: 'raffle' as const,
  key: resultKey(raffle),
  title: `You won in ${raffle.title}!`,
  body: 'Your prize is on its way. Replay the draw in the raffle viewer.',
  link: viewerLink(raffle),
});

const loserResult = (raffle: Drawn) => ({
  kind: 'raffle' as const,
  key: resultKey(raffle),
  title: `${raffle.title} was drawn`,
  body: 'No win this time. Replay the draw and check it in the raffle viewer.',
  link: viewerLink(raffle),
});
