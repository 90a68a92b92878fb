import type { Job } from '../../capability';
import { takeLease } from '../../shared/lease';
import { type BeaconSource, beaconRoundTime } from './beacon';
import {
  cancelRaffle,
  closeRaffle,
  createRaffle,
  deliverPrizes,
  drawRaffle,
  openRaffle,
  refundEntries,
} from './lifecycle';
import { findRaffleByScheduleKey, listRafflesByStatus } from './raffles';
import { deliverResults, rafflesWithResultsDue } from './results';
import { weeklyWindows } from './schedule';
import type { RaffleDb } from './tables';
import { loadRaffleVars } from './vars';
import { forgetCurrentRaffle } from './views';

/**
 * The raffle job (docs/product.md §12): schedules the weekly raffle and opens, closes, draws and
 * settles raffles on time. One instance works at a time (the platform's job lease, shared/lease.ts,
 * named like the job, so shared/jobs.ts and the tick renew the same row); every step is conditional
 * and resumable on its own, so a crash anywhere is finished by the next tick of whichever instance
 * holds the lease then.
 */
export const RAFFLE_LEASE = 'raffle';
export const JOB_ACTOR = 'job:raffle';

export interface RaffleJobContext {
  db: RaffleDb;
  now(): number;
  /** This instance's name on the lease. */
  holder: string;
  beacon: BeaconSource;
  leaseMs: number;
}

/** What a tick did (tests and logs read it). */
export interface TickReport {
  leader: boolean;
  created: number[];
  opened: number[];
  closed: number[];
  drawn: number[];
  settled: number[];
  /** Raffles whose every entrant now has their result. */
  resulted: number[];
  cancelled: number[];
}

export async function raffleTick(ctx: RaffleJobContext): Promise<TickReport> {
  const report: TickReport = {
    leader: false,
    created: [],
    opened: [],
    closed: [],
    drawn: [],
    settled: [],
    resulted: [],
    cancelled: [],
  };
  if (!(await takeLease(ctx.db, { name: RAFFLE_LEASE, holder: ctx.holder, now: ctx.now(), ttlMs: ctx.leaseMs }))) {
    return report;
  }
  report.leader = true;
  const who = () => ({ now: ctx.now(), actor: JOB_ACTOR });

  await scheduleThisWeek(ctx, report);

  for (const raffle of await listRafflesByStatus(ctx.db, ['scheduled'])) {
    const now = ctx.now();
    if (raffle.opens_at > now) continue;
    if (raffle.closes_at <= now) {
      // Missed entirely (the portal was down all week): no one could enter, so nothing is drawn.
      if ((await cancelRaffle(ctx.db, raffle.id, who())).done) report.cancelled.push(raffle.id);
    } else if ((await openRaffle(ctx.db, raffle.id, who())).done) {
      report.opened.push(raffle.id);
    }
  }
  for (const raffle of await listRafflesByStatus(ctx.db, ['open'])) {
    if (raffle.closes_at <= ctx.now() && (await closeRaffle(ctx.db, raffle.id, who(), { forReview: false })).done) {
      report.closed.push(raffle.id);
    }
  }
  for (const raffle of await listRafflesByStatus(ctx.db, ['closed'])) {
    // Closed by an operator's hand: theirs to review and draw (decision 0227).
    if (Number(raffle.review_hold) === 1) continue;
    const round = raffle.drand_round === null ? undefined : await dueRound(ctx, Number(raffle.drand_round));
    if (round === null) continue;
    if ((await drawRaffle(ctx.db, raffle.id, { ...who(), round })).done) report.drawn.push(raffle.id);
  }
  for (const raffle of await listRafflesByStatus(ctx.db, ['drawing'])) {
    await deliverPrizes(ctx.db, raffle.id, { now: ctx.now() });
    report.settled.push(raffle.id);
  }
  // After the prizes: the winners' are never held up by everyone's notices.
  for (const raffleId of await rafflesWithResultsDue(ctx.db)) {
    if ((await deliverResults(ctx.db, raffleId, { now: ctx.now() })).finished) report.resulted.push(raffleId);
  }
  for (const raffle of await listRafflesByStatus(ctx.db, ['cancelled'])) {
    if (raffle.settled_at === null) await refundEntries(ctx.db, raffle.id, ctx.now());
  }
  forgetCurrentRaffle(ctx.db);
  return report;
}

/** The committed drand round once it is published and fetched; null while the draw must wait. */
async function dueRound(ctx: RaffleJobContext, round: number) {
  if (ctx.now() < beaconRoundTime(round)) return null;
  return ctx.beacon(round);
}

/** With iRaffleAutoWeekly on, the raffle of the week's window, created once (its schedule key is unique). */
async function scheduleThisWeek(ctx: RaffleJobContext, report: TickReport): Promise<void> {
  const vars = await loadRaffleVars(ctx.db);
  if (!vars.autoWeekly) return;
  const { current } = weeklyWindows(ctx.now(), vars.schedule);
  if (!current || (await findRaffleByScheduleKey(ctx.db, current.key))) return;
  const id = await createRaffle(
    ctx.db,
    {
      title: weeklyTitle(current.opensAt),
      opensAt: current.opensAt,
      closesAt: current.closesAt,
      prizes: vars.prizes,
      beacon: vars.beacon,
      scheduleKey: current.key,
    },
    { now: ctx.now(), actor: JOB_ACTOR },
  );
  if (id !== null) report.created.push(id);
}

/** "Weekly Raffle · 5 Jan 2026". */
export function weeklyTitle(opensAt: number): string {
  const date = new Date(opensAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Weekly Raffle · ${date}`;
}

export function raffleJob(deps: {
  db: RaffleDb;
  clock: { now(): number };
  everyMs: number;
  beacon: BeaconSource;
  /** This instance's name on every lease (the bus's instance id). */
  holder: string;
  leaseMs: number;
}): Job {
  const ctx: RaffleJobContext = {
    db: deps.db,
    now: () => deps.clock.now(),
    holder: deps.holder,
    beacon: deps.beacon,
    leaseMs: deps.leaseMs,
  };
  return { name: RAFFLE_LEASE, everyMs: deps.everyMs, leader: true, run: () => raffleTick(ctx) };
}
