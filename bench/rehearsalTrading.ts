/**
 * The rehearsal's trading peak (issue 39, decision 0242): members 101…100+T trade at once through
 * the HTTP API. Pairs of members (a, b), by pair number j:
 * - j % 4 ∈ {0, 1}: a swap raced from both ends — a offers their Agent for b's and b offers theirs
 *   for a's; each receiver accepts twice (two keys) at the same moment, so four accepts race over
 *   two Agents: exactly one trade of the pair completes;
 * - j % 4 = 2: a gift from a to b, accepted twice with one key (a retry): it moves once;
 * - j % 4 = 3: a's Agent for 10 points; b accepts while a cancels: one of the two wins.
 * Then it checks that no item is in two places — per item, its holder's ledger rows sum to 1 and
 * everyone else's to 0, and the holder is the item's owner — that no Agent moved in two trades of
 * the peak, that every swap pair completed exactly once and that no lock is left; and reports
 * offers/s, trades/s and the p99 of offers and of decisions. The ledgers summing to balances is
 * checked by the rehearsal's invariants after the peak.
 */
import { type Kysely, sql } from 'kysely';
import { AGENT_TEMPLATE_ID } from '../src/protocol/collectibles';
import type { Database } from '../src/server/features/index';

export interface DriveOptions {
  action: string;
  amount: number;
  member: (k: number) => number;
  body?: (k: number) => Record<string, string | number>;
  connections?: number;
}
export interface DriveFigures {
  count: number;
  p50: number;
  p99: number;
  seconds: number;
}
export interface TradingPeakTools {
  db: Kysely<Database>;
  /** The rehearsal's load: `amount` requests, request k as member `member(k)`. */
  drive(o: DriveOptions): Promise<DriveFigures & { statusText: string }>;
  record(peak: string, goal: string, measured: string, pass: boolean): void;
  /** Members seeded (1…N, usernames R1…RN, tokens by number). */
  members: number;
  traders: number;
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A public item id (16 letters of the trade alphabet) for trader i: `rht` and i in base 32. */
function agentIdOf(i: number): string {
  let rest = i;
  let tail = '';
  for (let k = 0; k < 13; k++) {
    tail = ID_ALPHABET[rest % 32] + tail;
    rest = Math.floor(rest / 32);
  }
  return `rht${tail}`;
}
const userOf = (i: number) => `r-${i}`;
const nameOf = (i: number) => `R${i}`;
const n = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

/** One more Agent for each trader, with an id the trading wire accepts, and its ledger line. */
async function seedTraderAgents(db: Kysely<Database>, first: number, last: number, now: number): Promise<void> {
  const template = await db
    .selectFrom('template')
    .select(['id', 'attributes'])
    .where('collection_id', '=', AGENT_TEMPLATE_ID)
    .executeTakeFirstOrThrow();
  for (let from = first; from <= last; from += 500) {
    const ids = Array.from({ length: Math.min(500, last - from + 1) }, (_, k) => from + k);
    const inserted = await db
      .insertInto('item')
      .values(
        ids.map((i) => ({
          template_id: template.id,
          collection_id: AGENT_TEMPLATE_ID,
          owner_user_id: userOf(i),
          public_id: agentIdOf(i),
          attributes: template.attributes,
          token_id: null,
          created_at: now,
          minted_at: null,
        })),
      )
      .returning(['id', 'owner_user_id'])
      .execute();
    await db
      .insertInto('ledger')
      .values(
        inserted.map((row) => ({
          user_id: row.owner_user_id,
          asset: 'item',
          amount: 1,
          item_id: Number(row.id),
          idem_key: `rehearsal-trade-agent-${row.id}`,
          reason: 'rehearsal seed',
          created_at: now,
        })),
      )
      .execute();
  }
}

type Kind = 'swap' | 'gift' | 'points';
const kindOf = (pair: number): Kind => (pair % 4 === 2 ? 'gift' : pair % 4 === 3 ? 'points' : 'swap');

export async function tradingPeak(tools: TradingPeakTools): Promise<void> {
  const { db } = tools;
  const pairs = Math.floor(Math.min(tools.traders, tools.members - 100) / 2);
  if (pairs < 1) return;
  const first = 101;
  const last = 100 + 2 * pairs;
  const startedAt = Date.now();
  await seedTraderAgents(db, first, last, startedAt);
  const aOf = (pair: number) => first + 2 * pair;
  const bOf = (pair: number) => first + 2 * pair + 1;

  // Offers: every a makes one; b makes one too in a swap pair.
  const offers: Array<{ from: number; to: number; give: number; take: number | null; points: number }> = [];
  for (let pair = 0; pair < pairs; pair++) {
    const [a, b] = [aOf(pair), bOf(pair)];
    const kind = kindOf(pair);
    offers.push({ from: a, to: b, give: a, take: kind === 'swap' ? b : null, points: kind === 'points' ? 10 : 0 });
    if (kind === 'swap') offers.push({ from: b, to: a, give: b, take: a, points: 0 });
  }
  const offered = await tools.drive({
    action: 'createTradeOffer',
    amount: offers.length,
    connections: 100,
    member: (k) => offers[k]?.from ?? first,
    body: (k) => {
      const o = offers[k] as (typeof offers)[number];
      return {
        sToUserName: nameOf(o.to),
        sGiveItemIDs: agentIdOf(o.give),
        sTakeItemIDs: o.take === null ? '' : agentIdOf(o.take),
        iTakePoints: o.points,
      };
    },
  });
  const open = await db
    .selectFrom('trade')
    .select(['public_id', 'from_user_id', 'to_user_id', 'take_points'])
    .where('created_at', '>=', startedAt)
    .where('state', '=', 'open')
    .orderBy('id')
    .execute();

  // Decisions, all at once: accepts (two per swap offer, two with one key per gift, one per points
  // offer) and the points offers' cancels by their senders.
  const number = (userId: string) => Number(userId.slice(2));
  const accepts: Array<{ by: number; trade: string; key: string }> = [];
  const cancels: Array<{ by: number; trade: string }> = [];
  for (const trade of open) {
    const to = number(trade.to_user_id);
    const kind = kindOf(Math.floor((Math.min(to, number(trade.from_user_id)) - first) / 2));
    if (kind === 'swap') {
      accepts.push({ by: to, trade: trade.public_id, key: `rh-${trade.public_id}-1` });
      accepts.push({ by: to, trade: trade.public_id, key: `rh-${trade.public_id}-2` });
    } else if (kind === 'gift') {
      accepts.push({ by: to, trade: trade.public_id, key: `rh-${trade.public_id}-g` });
      accepts.push({ by: to, trade: trade.public_id, key: `rh-${trade.public_id}-g` });
    } else {
      accepts.push({ by: to, trade: trade.public_id, key: `rh-${trade.public_id}-p` });
      cancels.push({ by: number(trade.from_user_id), trade: trade.public_id });
    }
  }
  // Interleaved so that racing requests of one pair go out together, pairs in a shuffled order.
  const order = accepts.map((_, k) => k).sort((x, y) => (((x >> 2) * 7919) % 4093) - (((y >> 2) * 7919) % 4093));
  const deciding = performance.now();
  const [accepted, cancelled] = await Promise.all([
    tools.drive({
      action: 'acceptTradeOffer',
      amount: accepts.length,
      connections: 100,
      member: (k) => accepts[order[k] ?? 0]?.by ?? first,
      body: (k) => {
        const a = accepts[order[k] ?? 0] as (typeof accepts)[number];
        return { sTradeID: a.trade, sIdempotencyKey: a.key };
      },
    }),
    cancels.length
      ? tools.drive({
          action: 'cancelTrade',
          amount: cancels.length,
          connections: 20,
          member: (k) => cancels[k]?.by ?? first,
          body: (k) => ({ sTradeID: cancels[k]?.trade ?? '' }),
        })
      : null,
  ]);
  const decidedSeconds = (performance.now() - deciding) / 1000;

  const states = await db
    .selectFrom('trade')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', startedAt)
    .groupBy('state')
    .execute();
  const stateCount = new Map(states.map((row) => [row.state, Number(row.n)]));
  const completed = stateCount.get('completed') ?? 0;
  const problems = await itemProblems(db, startedAt, pairs, first);
  const offersPerSecond = offered.count / offered.seconds;
  const tradesPerSecond = completed / decidedSeconds;
  tools.record(
    `trading: ${n(2 * pairs)} members offer, accept, race and give at once`,
    'each item exactly one holder, ledger sums; p99 ≤ 1,000 ms',
    `${n(offered.count)} offers at ${offersPerSecond.toFixed(0)}/s (p50 ${ms(offered.p50)}, p99 ${ms(offered.p99)}; ${offered.statusText}); ` +
      `${n(accepted.count + (cancelled?.count ?? 0))} decisions in ${decidedSeconds.toFixed(1)} s (accept p50 ${ms(accepted.p50)}, p99 ${ms(accepted.p99)}; ${accepted.statusText}` +
      `${cancelled ? `; cancel p99 ${ms(cancelled.p99)}` : ''}): ${n(completed)} trades at ${tradesPerSecond.toFixed(0)}/s; ` +
      `${[...stateCount].map(([state, count]) => `${n(count)} ${state}`).join(', ')}; ${problems.length ? problems.join('; ') : 'no item in two places'}`,
    problems.length === 0 && offered.p99 <= 1000 && accepted.p99 <= 1000 && (cancelled?.p99 ?? 0) <= 1000,
  );
}

/** What is wrong with where the items are, after the peak (set-based: it runs at size). */
async function itemProblems(db: Kysely<Database>, since: number, pairs: number, first: number): Promise<string[]> {
  const problems: string[] = [];
  // Per item: the members whose item rows do not sum to 0; exactly one, the owner, with 1.
  const misplaced = await sql<{ n: number }>`select count(*) as n from (
      select i.id from item i
      join (select item_id, user_id, sum(amount) as held from ledger where asset = 'item' and item_id is not null
            group by item_id, user_id having sum(amount) <> 0) l on l.item_id = i.id
      group by i.id, i.owner_user_id
      having count(*) <> 1 or max(case when l.user_id = i.owner_user_id and l.held = 1 then 1 else 0 end) <> 1) x`.execute(
    db,
  );
  const wrong = Number(misplaced.rows[0]?.n ?? 0);
  if (wrong > 0) problems.push(`${n(wrong)} items not with exactly one holder by the ledger`);
  const twice = await sql<{ n: number }>`select count(*) as n from (
      select ti.item_id from trade_item ti join trade t on t.id = ti.trade_id
      where t.state = 'completed' and t.created_at >= ${since}
      group by ti.item_id having count(*) > 1) x`.execute(db);
  if (Number(twice.rows[0]?.n ?? 0) > 0) problems.push(`${twice.rows[0]?.n} Agents moved by two trades`);
  const locks = await sql<{ n: number }>`select count(*) as n from trade_lock`.execute(db);
  if (Number(locks.rows[0]?.n ?? 0) > 0) problems.push(`${locks.rows[0]?.n} trade locks left`);
  const swapPairs = Array.from({ length: pairs }, (_, pair) => pair).filter((pair) => kindOf(pair) === 'swap');
  const perPair = await db
    .selectFrom('trade')
    .select(['from_user_id', 'to_user_id'])
    .where('created_at', '>=', since)
    .where('state', '=', 'completed')
    .execute();
  const donePairs = new Map<number, number>();
  for (const trade of perPair) {
    const low = Math.min(Number(trade.from_user_id.slice(2)), Number(trade.to_user_id.slice(2)));
    const pair = Math.floor((low - first) / 2);
    donePairs.set(pair, (donePairs.get(pair) ?? 0) + 1);
  }
  const notOnce = swapPairs.filter((pair) => donePairs.get(pair) !== 1).length;
  if (notOnce > 0) problems.push(`${n(notOnce)} of ${n(swapPairs.length)} raced swaps did not complete exactly once`);
  return problems;
}
