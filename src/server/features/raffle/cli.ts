import type { PrizeSpec } from '../../../protocol/raffle.schema';
import type { AdminContext, AdminResult, CliCommand } from '../../capability';
import { durationMs } from '../../cli/duration';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { usernamesOf } from '../identity/index';
import { cancelRaffle, closeRaffle, drawAndDeliver, openRaffle, scheduleRaffle, type Transition } from './lifecycle';
import { parsePrizeArg, prizeLine } from './prizes';
import { findRaffle, listPrizes, listRaffles, listWinners, type RaffleRow } from './raffles';
import type { RaffleTables } from './tables';
import { loadRaffleVars } from './vars';

const USAGE = `  raffle create [--title T] [--opens WHEN] [--closes WHEN] [--prize KIND=VALUE[*QTY][@ART]]… [--beacon] [--reason TEXT]
                                    schedule a raffle; WHEN is an ISO time, "now", or +7d / +12h / +30m
                                    (--opens from now, default now; --closes from the opening, default +7d);
                                    KIND is item (a template id), points or tickets; prizes default to aRafflePrizes
  raffle list                       every raffle, newest first
  raffle show ID                    times, prizes, commitment, root, and the winners with their delivery
  raffle open ID                    open a scheduled raffle now (publishes sha256 of its secret seed)
  raffle close ID                   close an open raffle now (freezes and publishes the entries and their root);
                                    it stays closed for your review: the job never draws it, raffle draw does
  raffle draw ID [--beacon-signature HEX]
                                    reveal the seed, draw the winners, deliver the prizes (HEX: the committed drand round's signature)
  raffle cancel ID                  cancel a raffle that is not drawn and refund every entry
                                    (open, close, draw and cancel take --reason TEXT too: the audit log keeps it)`;

const iso = (ms: number | null) => (ms === null ? '-' : new Date(Number(ms)).toISOString().replace('.000Z', 'Z'));

/** "now", an ISO time, or +N(d|h|m|s) after `base`; null when unreadable. */
function parseWhen(text: string, now: number, base: number): number | null {
  if (text === 'now') return now;
  if (text.startsWith('+')) {
    const after = durationMs(text.slice(1));
    return after === null ? null : base + after;
  }
  const absolute = Date.parse(text);
  return Number.isFinite(absolute) ? absolute : null;
}

/** Every value given after `--name`. */
function options(args: string[], name: string): string[] {
  return args.flatMap((arg, index) =>
    arg === name && args[index + 1] !== undefined ? [args[index + 1] as string] : [],
  );
}

function raffleId(args: string[]): number | null {
  const id = Number(args[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function create(args: string[], ctx: AdminContext<RaffleTables>): Promise<AdminResult> {
  const now = ctx.now();
  const opensAt = parseWhen(option(args, '--opens') ?? 'now', now, now);
  if (opensAt === null) return wrongUsage('--opens must be an ISO time, "now" or +N(d|h|m)');
  const closesAt = parseWhen(option(args, '--closes') ?? '+7d', now, opensAt);
  if (closesAt === null) return wrongUsage('--closes must be an ISO time, "now" or +N(d|h|m)');

  const prizeArgs = options(args, '--prize');
  let prizes: PrizeSpec[];
  if (prizeArgs.length > 0) {
    const parsed = prizeArgs.map(parsePrizeArg);
    const problem = parsed.find((p): p is string => typeof p === 'string');
    if (problem) return wrongUsage(problem);
    prizes = parsed as PrizeSpec[];
  } else {
    prizes = (await loadRaffleVars(ctx.db)).prizes;
  }
  const title = option(args, '--title') ?? `Raffle of ${iso(opensAt).slice(0, 10)}`;
  const scheduled = await scheduleRaffle(
    ctx.db,
    { title, opensAt, closesAt, prizes, beacon: args.includes('--beacon') },
    { now, actor: ctx.actor, reason: option(args, '--reason') },
  );
  if (!scheduled.done) {
    if (scheduled.problem === 'unknown-template') return refused(scheduled.reason);
    return wrongUsage(scheduled.problem === 'title' ? '--title must be 1–200 characters' : scheduled.reason);
  }
  return done(`Raffle ${scheduled.raffleId} "${title}" scheduled: opens ${iso(opensAt)}, closes ${iso(closesAt)}`);
}

function statusLine(raffle: RaffleRow): string {
  return `${String(raffle.id).padStart(4)}  ${raffle.status.padEnd(9)} ${iso(raffle.opens_at)} → ${iso(raffle.closes_at)}  entrants ${raffle.entrant_count}  tickets ${raffle.ticket_total}  ${raffle.title}`;
}

async function show(raffle: RaffleRow, ctx: AdminContext<RaffleTables>): Promise<string> {
  const [prizes, winners] = await Promise.all([listPrizes(ctx.db, [raffle.id]), listWinners(ctx.db, [raffle.id])]);
  const raffleWinners = winners.get(raffle.id) ?? [];
  const usernames = await usernamesOf(
    ctx.db,
    raffleWinners.map((w) => w.user_id),
  );
  const revealed = raffle.status === 'drawing' || raffle.status === 'drawn';
  const lines = [
    `Raffle ${raffle.id}: ${raffle.title} [${raffle.status}${raffle.status === 'closed' && Number(raffle.review_hold) === 1 ? ', held for review until an operator draws' : ''}]`,
    `  opens ${iso(raffle.opens_at)}  closes ${iso(raffle.closes_at)}  drawn ${iso(raffle.drawn_at)}`,
    `  entrants ${raffle.entrant_count}  tickets ${raffle.ticket_total}`,
    `  commitment ${raffle.commitment_hex ?? '-'}`,
    `  root       ${raffle.root_hex ?? '-'}`,
    `  seed       ${revealed ? raffle.seed_hex : '(secret until the draw)'}`,
  ];
  if (raffle.drand_round !== null)
    lines.push(`  beacon     drand quicknet round ${raffle.drand_round} ${raffle.beacon_hex ?? '(waiting)'}`);
  lines.push('  prizes:', ...(prizes.get(raffle.id) ?? []).map((p) => `    ${prizeLine(p)}`));
  if (raffleWinners.length > 0) {
    lines.push(
      '  winners:',
      ...raffleWinners.map(
        (w) =>
          `    #${String(w.pick).padEnd(3)} ${(usernames.get(w.user_id) ?? w.user_id).padEnd(20)} ${w.entrant_id}  ${w.prize_id}  ${w.delivered_at === null ? 'pending' : `delivered ${iso(w.delivered_at)}`}`,
      ),
    );
  }
  return lines.join('\n');
}

function answer(transition: Transition, success: (raffle: RaffleRow) => string): AdminResult {
  return transition.done ? done(success(transition.raffle)) : refused(transition.reason);
}

/** Draws a closed raffle and delivers its prizes (drawAndDeliver); one already drawn is shown as it stands. */
async function draw(id: number, args: string[], ctx: AdminContext<RaffleTables>): Promise<AdminResult> {
  const drawn = await drawAndDeliver(ctx.db, id, {
    now: ctx.now(),
    actor: ctx.actor,
    reason: option(args, '--reason'),
    signature: option(args, '--beacon-signature'),
  });
  return drawn.done ? done(await show(drawn.raffle, ctx)) : refused(drawn.reason);
}

export const raffleCli: CliCommand[] = [
  {
    group: 'raffle',
    examples: [
      "raffle create --title 'Summer raffle' --closes +3d --prize item=agent-lamplighter --prize points=250*3",
      'raffle create --opens 2026-02-02T12:00:00Z --closes +7d --beacon',
      'raffle list',
      'raffle show 7',
      'raffle close 7',
      'raffle draw 7',
      'raffle draw 7 --beacon-signature b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
      'raffle cancel 7',
    ],
    usage: USAGE,
    async run(verb, args, ctx) {
      if (verb === 'create') return create(args, ctx);
      if (verb === 'list') {
        const raffles = await listRaffles(ctx.db, { limit: 200 });
        return done(raffles.length ? raffles.map(statusLine).join('\n') : 'No raffles yet');
      }
      if (!['show', 'open', 'close', 'draw', 'cancel'].includes(verb ?? '')) return unknownVerb('raffle', verb);
      const id = raffleId(args);
      if (id === null) return wrongUsage(`Which raffle? raffle ${verb} ID`);
      const who = { now: ctx.now(), actor: ctx.actor, reason: option(args, '--reason') };
      switch (verb) {
        case 'show': {
          const raffle = await findRaffle(ctx.db, id);
          return raffle ? done(await show(raffle, ctx)) : refused(`No raffle ${id}`);
        }
        case 'open':
          return answer(await openRaffle(ctx.db, id, who), (r) => `Raffle ${id} open; commitment ${r.commitment_hex}`);
        case 'close':
          return answer(
            await closeRaffle(ctx.db, id, who),
            (r) => `Raffle ${id} closed: ${r.entrant_count} entrants, ${r.ticket_total} tickets, root ${r.root_hex}`,
          );
        case 'cancel':
          return answer(await cancelRaffle(ctx.db, id, who), () => `Raffle ${id} cancelled; every entry refunded`);
        default:
          return draw(id, args, ctx);
      }
    },
  },
];
