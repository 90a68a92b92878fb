import { sql } from 'kysely';
import { collectiblesByIds } from '../collectibles/index';
import type { LedgerAsset, RewardsDb } from './tables';

/**
 * A member's statement (docs/product.md §11, §13): every movement of their ledger, newest first,
 * with its reason in words and the balances right after it. The balances are running sums of the
 * ledger itself, computed in the same statement as the page, so a page is one consistent snapshot
 * and it shows exactly what the ledger says.
 */
export interface StatementLine {
  id: number;
  at: number;
  reason: string;
  asset: LedgerAsset;
  amount: number;
  /** The item's opaque public id (the one getInventory lists), never its internal row number. */
  itemPublicId: string | null;
  itemName: string | null;
  pointsAfter: number;
  ticketsAfter: number;
}

export interface StatementPage {
  lines: StatementLine[];
  /** The id to page on from (older lines), or null when this page reached the first movement. */
  nextBeforeId: number | null;
}

export async function readStatement(
  db: RewardsDb,
  userId: string,
  page: { beforeId?: number; limit: number },
): Promise<StatementPage> {
  // The balances after each line: the member's balance now (kept with every ledger row, in the same
  // transaction) less what moved after it, i.e. the lines newer than the page and the page's own
  // newer lines. One statement, so a page is one snapshot; it reads the page and what is newer than
  // it, never the whole ledger (issue 31: a member's statement at a million rows).
  const points = sql<number>`case when asset = 'points' then amount else 0 end`;
  const tickets = sql<number>`case when asset = 'tickets' then amount else 0 end`;
  let lines = db
    .selectFrom('ledger')
    .select(['id', 'asset', 'amount', 'item_id', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    // A grant of nothing (an empty daily reward) is not a movement.
    .where('amount', '!=', 0)
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.beforeId !== undefined) lines = lines.where('id', '<', page.beforeId);
  const newer = db
    .selectFrom('ledger')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<number>(points), sql<number>`0`).as('points'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>(tickets), sql<number>`0`).as('tickets'),
    ])
    .where('user_id', '=', userId)
    .where('id', '>=', page.beforeId ?? Number.MAX_SAFE_INTEGER);
  const rows = await db
    .selectFrom(lines.as('movement'))
    .innerJoin(newer.as('newer'), (join) => join.onTrue())
    .leftJoin('balance', (join) => join.on('balance.user_id', '=', userId))
    .select([
      'movement.id',
      'movement.asset',
      'movement.amount',
      'movement.item_id',
      'movement.reason',
      'movement.created_at',
      sql<number>`coalesce(balance.points, 0) - newer.points - coalesce(sum(case when movement.asset = 'points' then movement.amount else 0 end) over (order by movement.id desc rows between unbounded preceding and 1 preceding), 0)`.as(
        'points_after',
      ),
      sql<number>`coalesce(balance.tickets, 0) - newer.tickets - coalesce(sum(case when movement.asset = 'tickets' then movement.amount else 0 end) over (order by movement.id desc rows between unbounded preceding and 1 preceding), 0)`.as(
        'tickets_after',
      ),
    ])
    .orderBy('movement.id', 'desc')
    .execute();
  const shown = rows.slice(0, page.limit);
  const items = await collectiblesByIds(
    db,
    shown.flatMap((row) => (row.item_id === null ? [] : [Number(row.item_id)])),
  );
  return {
    lines: shown.map((row) => ({
      id: Number(row.id),
      at: Number(row.created_at),
      reason: reasonInWords(row.reason),
      asset: row.asset,
      amount: Number(row.amount),
      itemPublicId: row.item_id === null ? null : (items.get(Number(row.item_id))?.sItemID ?? null),
      itemName: row.item_id === null ? null : (items.get(Number(row.item_id))?.publicMetadata.name ?? null),
      pointsAfter: Number(row.points_after),
      ticketsAfter: Number(row.tickets_after),
    })),
    nextBeforeId: rows.length > page.limit ? Number(shown.at(-1)?.id) : null,
  };
}

/** Rewards' own ledger reasons as a member reads them; any other capability writes its reasons in words. */
const REASON_WORDS: Record<string, string> = {
  'registration agent': 'Agent for registering',
  'registration mythopedia': 'Mythopedia page for registering',
  'registration raffle tickets': 'Raffle tickets for registering',
  'referral raffle tickets': 'Raffle ticket for joining with a referral code',
  'referrer raffle tickets': 'Raffle ticket for a friend who joined with your code',
  'M1 Demo completion agent': 'Agent for beating the M1 Demo',
};

export function reasonInWords(reason: string): string {
  const known = REASON_WORDS[reason];
  if (known) return known;
  const daily = /^daily login reward day (\d+)$/.exec(reason);
  if (daily) return `Daily login reward, day ${daily[1]}`;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
