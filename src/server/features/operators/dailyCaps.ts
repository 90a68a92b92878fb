import type { ConsoleRole } from '../../../protocol/console';
import { CONSOLE_ROLES } from '../../../protocol/console';
import type { AnyDb } from '../../db/schema';
import { writeAudit } from '../../shared/audit';
import type { OperatorChange } from './operators';
import type { OperatorsDb } from './tables';

/**
 * Daily grant totals (issue 35, decision 0207): beside the per-grant cap, each operator of a role
 * may grant at most `maxAmount` points and tickets together, and `maxItems` collectibles, per UTC
 * day. The day's running total is one row per operator, raised in the grant's own transaction by
 * an upsert, so parallel grants add up on both databases and a refused grant leaves it unchanged.
 */
export interface DailyCap {
  /** Points plus tickets a day; null: no daily total. */
  maxAmount: number | null;
  /** Collectibles minted a day; null: no daily total. */
  maxItems: number | null;
}

export const DEFAULT_DAILY_CAPS: Readonly<Record<ConsoleRole, DailyCap>> = {
  admin: { maxAmount: null, maxItems: null },
  moderator: { maxAmount: 0, maxItems: 0 },
  support: { maxAmount: 5000, maxItems: 5 },
  viewer: { maxAmount: 0, maxItems: 0 },
};

export async function dailyCapFor(db: OperatorsDb, role: ConsoleRole): Promise<DailyCap> {
  const row = await db
    .selectFrom('operator_daily_cap')
    .select(['max_amount', 'max_items'])
    .where('role', '=', role)
    .executeTakeFirst();
  if (!row) return DEFAULT_DAILY_CAPS[role];
  return {
    maxAmount: row.max_amount === null ? null : Number(row.max_amount),
    maxItems: row.max_items === null ? null : Number(row.max_items),
  };
}

export async function dailyCaps(db: OperatorsDb): Promise<Array<{ role: ConsoleRole } & DailyCap>> {
  const caps = [];
  for (const role of CONSOLE_ROLES) caps.push({ role, ...(await dailyCapFor(db, role)) });
  return caps;
}

/** Sets a role's daily totals (null: none), audited as `operator.dailyCap`. */
export async function setDailyCap(
  db: OperatorsDb,
  input: OperatorChange & { role: ConsoleRole } & DailyCap,
): Promise<{ from: DailyCap }> {
  return db.transaction().execute(async (trx) => {
    const from = await dailyCapFor(trx, input.role);
    const values = {
      max_amount: input.maxAmount,
      max_items: input.maxItems,
      updated_at: input.now,
      updated_by: input.actor,
    };
    await trx
      .insertInto('operator_daily_cap')
      .values({ role: input.role, ...values })
      .onConflict((oc) => oc.column('role').doUpdateSet(values))
      .execute();
    await writeAudit(trx, {
      actor: input.actor,
      action: 'operator.dailyCap',
      detail: {
        role: input.role,
        from,
        to: { maxAmount: input.maxAmount, maxItems: input.maxItems },
        reason: input.reason ?? null,
      },
      at: input.now,
    });
    return { from };
  });
}

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** An operator's standing against their role's daily totals today (UTC): the caps and what they granted. */
export interface DailyStanding extends DailyCap {
  amount: number;
  items: number;
}

/** What the operator has granted today and their role's daily totals, for a refusal that says both. */
export async function dailyGrantStanding(
  db: OperatorsDb,
  spend: { actor: string; role: ConsoleRole; now: number },
): Promise<DailyStanding> {
  const cap = await dailyCapFor(db, spend.role);
  const row = await db
    .selectFrom('operator_grant_day')
    .select(['amount', 'items'])
    .where('actor', '=', spend.actor)
    .where('day', '=', utcDay(spend.now))
    .executeTakeFirst();
  return { ...cap, amount: Number(row?.amount ?? 0), items: Number(row?.items ?? 0) };
}

/**
 * Adds a grant to the operator's running total of the day, inside the grant's transaction; false
 * when the total would pass the role's daily cap (the caller rolls the grant back).
 */
export async function spendDailyGrant(
  trx: AnyDb,
  spend: { actor: string; role: ConsoleRole; amount: number; items: number; now: number },
): Promise<boolean> {
  const db = trx as unknown as OperatorsDb;
  const cap = await dailyCapFor(db, spend.role);
  const row = await db
    .insertInto('operator_grant_day')
    .values({ actor: spend.actor, day: utcDay(spend.now), amount: spend.amount, items: spend.items })
    .onConflict((oc) =>
      oc.columns(['actor', 'day']).doUpdateSet((eb) => ({
        amount: eb('operator_grant_day.amount', '+', eb.ref('excluded.amount')),
        items: eb('operator_grant_day.items', '+', eb.ref('excluded.items')),
      })),
    )
    .returning(['amount', 'items'])
    .executeTakeFirstOrThrow();
  if (cap.maxAmount !== null && Number(row.amount) > cap.maxAmount) return false;
  if (cap.maxItems !== null && Number(row.items) > cap.maxItems) return false;
  return true;
}
