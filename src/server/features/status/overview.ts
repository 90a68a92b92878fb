import { ErrorCode } from '../../../protocol/errors';
import type { ConsoleOverviewAnswer, OverviewRaffle } from '../../../protocol/status';
import type { AppContext } from '../../capability';
import { pendingAnnouncementCount } from '../announcements/index';
import { openReportCount } from '../chat/index';
import { rafflesAhead } from '../raffle/index';
import { readToday } from './pulse';
import { type InstanceBoard, instanceRow } from './snapshots';
import type { StatusTables } from './tables';

/** More than this share of 5xx answers in an instance's last interval counts as unhealthy. */
const ERROR_RATE_LIMIT = 0.01;

type Brief = { id: number; title: string; opensAt: number; closesAt: number } | null;
const raffleOf = (r: Brief): OverviewRaffle | null =>
  r ? { iRaffleID: r.id, sTitle: r.title, iOpensAt: r.opensAt, iClosesAt: r.closesAt } : null;

/**
 * The console's overview (issue 38, decision 0230): no query of its own. Sign-ups and active
 * members are the pulse's series over today's UTC bucket; the rest is counted by the capability
 * that owns each table (chat's reports, announcements, raffles) and the status board's instances.
 */
export async function readOverview(
  ctx: AppContext<StatusTables>,
  board: InstanceBoard,
): Promise<ConsoleOverviewAnswer> {
  const now = ctx.clock.now();
  const [today, reports, announcements, raffles, snapshots] = await Promise.all([
    readToday(ctx.db, ['signUps', 'activeMembers'], now),
    openReportCount(ctx.db),
    pendingAnnouncementCount(ctx.db),
    rafflesAhead(ctx.db, now),
    board.gather(),
  ]);
  const instances = snapshots.map((s) => instanceRow(s, now, board.instanceId));
  return {
    iErrorCode: ErrorCode.OK,
    iNow: now,
    iDayStartsAt: today.dayStartsAt,
    iSignUpsToday: today.values.signUps ?? 0,
    iActiveMembersToday: today.values.activeMembers ?? 0,
    iReportsWaiting: reports,
    iAnnouncementsPending: announcements,
    pOpenRaffle: raffleOf(raffles.open),
    pNextRaffle: raffleOf(raffles.next),
    iRafflesHeldForReview: raffles.heldForReview,
    pInstances: {
      iTotal: instances.length,
      iReady: instances.filter((i) => i.sState === 'ready').length,
      iDraining: instances.filter((i) => i.sState === 'draining').length,
      iWithErrors: instances.filter((i) => i.fErrorRate > ERROR_RATE_LIMIT).length,
      sTransport: board.transport,
    },
  };
}
