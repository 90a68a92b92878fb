import type { RunVerdict } from '../../../protocol/monsterBreaker/chunks';
import { markGuestBeatDemo } from '../identity/index';
import { grantDemoAgent } from '../rewards/index';
import { recordWin } from './leaderboard';
import type { RunRow } from './runs';
import type { GamesDb } from './tables';

/**
 * What a replayed end does (docs/product.md §15), inside the transaction that accepts the last
 * chunk: only a verified win counts, for the member's score, the weekly leaderboard and, once per
 * member, the demo-completion Agent. A guest's win waits on the guest player for registration.
 */
export async function settleRun(trx: GamesDb, run: RunRow, verdict: RunVerdict, now: number): Promise<void> {
  if (!verdict.bWon) {
    await trx
      .updateTable('game_run')
      .set({ status: 'lost', finished_at: now, updated_at: now })
      .where('id', '=', run.id)
      .execute();
    return;
  }
  let userId = run.userId;
  if (userId === null && run.guestId !== null) {
    const guest = await markGuestBeatDemo(trx, run.guestId);
    // A member claimed the guest while it played: the win is the member's.
    userId = guest?.claimedByUserId ?? null;
  }
  const newBest = userId
    ? await recordWin(trx, { gameId: run.gameId, userId, score: verdict.iScore, runId: run.id, at: now })
    : false;
  const agentGranted = userId ? await grantDemoAgent(trx, userId, now) : false;
  await trx
    .updateTable('game_run')
    .set({
      status: 'won',
      user_id: userId,
      new_best: newBest ? 1 : 0,
      agent_granted: agentGranted ? 1 : 0,
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', run.id)
    .execute();
}

/**
 * A registration claimed a guest: its runs become the member's, and its wins count on the
 * leaderboard of the weeks they were won in (the Agent comes with the registration's rewards).
 */
export async function claimGuestRuns(trx: GamesDb, guestId: number, userId: string): Promise<void> {
  await trx
    .updateTable('game_run')
    .set({ user_id: userId })
    .where('guest_id', '=', guestId)
    .where('user_id', 'is', null)
    .execute();
  const wins = await trx
    .selectFrom('game_run')
    .select(['id', 'game_id', 'score', 'finished_at'])
    .where('guest_id', '=', guestId)
    .where('status', '=', 'won')
    .execute();
  for (const win of wins) {
    await recordWin(trx, {
      gameId: win.game_id,
      userId,
      score: Number(win.score),
      runId: Number(win.id),
      at: Number(win.finished_at),
    });
  }
}
