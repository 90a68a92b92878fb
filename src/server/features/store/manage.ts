import { z } from 'zod';
import { DEFAULT_MEMBER_LIMIT, STORE_ITEM_KINDS } from '../../../protocol/store';
import { storeItemId } from '../../../protocol/store.schema';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { templateSummaries } from '../collectibles/index';
import { notify } from '../notifications/index';
import { findStoreItem, type StoreItemRow } from './catalogue';
import type { StoreDb } from './tables';

/**
 * The operator's changes to the catalogue (docs/product.md §17): add, update, retire, restock.
 * Each is checked whole (a collectible names a template that exists, a bundle has tickets, a
 * window ends after it starts) and written with its audit row in one transaction.
 */
export type ItemFields = Omit<StoreItemRow, 'id' | 'retired_at' | 'created_at' | 'updated_at'>;

export type ChangeResult = { ok: true; row: StoreItemRow } | { ok: false; problem: string; refusal: StoreRefusal };

/**
 * Why a change is refused: `invalid` (a field's value), `exists` (add of a taken id), `missing` (no
 * such item), `unchanged` (retired already, not retired, nothing to change). The console answers a
 * code per kind; the CLI and the console show the same sentence (`problem`).
 */
export type StoreRefusal = 'invalid' | 'exists' | 'missing' | 'unchanged';

/** Who changes the catalogue, when, and why (the console always says why; the CLI with --reason). */
export interface StoreAudit {
  actor: string;
  now: number;
  reason?: string;
}

const refuse = (refusal: StoreRefusal, problem: string) => ({ ok: false as const, problem, refusal });

/** The audit detail, with the operator's reason when one was given (the same row from the CLI and the console). */
const withReason = (audit: StoreAudit, detail: object) => (audit.reason ? { ...detail, reason: audit.reason } : detail);

const MAX_POINTS = 1_000_000_000;
const WHOLE_POINTS = `The price is a whole number of points, 0 to ${MAX_POINTS}.`;
const WHOLE_TICKETS = `Tickets are a whole number, 0 to ${MAX_POINTS}.`;
const WHOLE_STOCK = `Stock is a whole number of units, 0 to ${MAX_POINTS} (or unlimited).`;
const NAMES_TEMPLATE = 'A collectible names its template; ticket bundles and raffle entries do not.';

const itemSchema = z
  .object({
    kind: z.enum(STORE_ITEM_KINDS),
    name: z.string().trim().min(1, 'An item needs a name.').max(200, 'A name is at most 200 characters.'),
    description: z.string().max(5000, 'A description is at most 5000 characters.'),
    image: z
      .string()
      .regex(
        /^(https?:\/\/\S+|[a-z0-9][a-z0-9/_.-]*)$/,
        'The art is a path under content/media (agents/tide-warden.svg) or an http(s) URL.',
      ),
    template_id: z.string().nullable(),
    tickets: z.number().int(WHOLE_TICKETS).min(0, WHOLE_TICKETS).max(MAX_POINTS, WHOLE_TICKETS),
    price: z.number().int(WHOLE_POINTS).min(0, WHOLE_POINTS).max(MAX_POINTS, WHOLE_POINTS),
    stock: z.number().int(WHOLE_STOCK).min(0, WHOLE_STOCK).max(MAX_POINTS, WHOLE_STOCK).nullable(),
    member_limit: z
      .number()
      .int('The per-member limit is a whole number, at least 1.')
      .min(1, 'The per-member limit is a whole number, at least 1.')
      .max(MAX_POINTS, `The per-member limit is at most ${MAX_POINTS}.`),
    available_from: z.number().int().nullable(),
    available_until: z.number().int().nullable(),
    sort: z.number().int('The sort order is a whole number.'),
  })
  .refine((item) => (item.kind === 'collectible') === (item.template_id !== null), {
    message: NAMES_TEMPLATE,
  })
  .refine((item) => item.kind === 'collectible' || item.tickets > 0, {
    message: 'Ticket bundles and raffle entries give at least 1 ticket.',
  })
  .refine(
    (item) =>
      item.available_from === null || item.available_until === null || item.available_from < item.available_until,
    { message: 'The sale window must end after it starts.' },
  );

/** The art a new item gets unless the operator names one. */
export const DEFAULT_IMAGE = { tickets: 'store/ticket-bundle.svg', 'raffle-entry': 'store/raffle-entry.svg' } as const;

async function checked(db: StoreDb, fields: ItemFields): Promise<{ fields: ItemFields } | { problem: string }> {
  const parsed = itemSchema.safeParse(fields);
  // Every problem at once (issue 38), each sentence once, so one correction round is enough.
  if (!parsed.success) return { problem: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(' ') };
  if (fields.template_id !== null && !(await templateSummaries(db, [fields.template_id])).has(fields.template_id)) {
    return { problem: `There is no collectible template ${fields.template_id}.` };
  }
  return { fields: parsed.data as ItemFields };
}

export async function addStoreItem(
  db: StoreDb,
  id: string,
  given: Partial<ItemFields>,
  audit: StoreAudit,
): Promise<ChangeResult> {
  if (!storeItemId.safeParse(id).success) {
    return refuse('invalid', `An item id is 1–64 of a-z, 0-9, _ and -, starting with a letter or digit: ${id}`);
  }
  if (await findStoreItem(db, id)) return refuse('exists', `There is an item ${id} already.`);
  const kind = given.kind ?? 'collectible';
  if (given.price === undefined) return refuse('invalid', 'An item needs a price (points per unit).');
  if (kind === 'collectible' && !given.template_id) return refuse('invalid', NAMES_TEMPLATE);
  const template = given.template_id
    ? (await templateSummaries(db, [given.template_id])).get(given.template_id)
    : undefined;
  if (given.template_id && !template) {
    return refuse('invalid', `There is no collectible template ${given.template_id}.`);
  }
  const result = await checked(db, {
    kind,
    name: given.name ?? template?.name ?? '',
    description: given.description ?? '',
    image: given.image ?? (kind === 'collectible' ? (template?.image ?? '') : DEFAULT_IMAGE[kind]),
    template_id: given.template_id ?? null,
    tickets: given.tickets ?? 0,
    price: given.price,
    stock: given.stock === undefined ? null : given.stock,
    member_limit: given.member_limit ?? DEFAULT_MEMBER_LIMIT,
    available_from: given.available_from ?? null,
    available_until: given.available_until ?? null,
    sort: given.sort ?? 100,
  });
  if ('problem' in result) return refuse('invalid', result.problem);
  const row: StoreItemRow = { id, ...result.fields, retired_at: null, created_at: audit.now, updated_at: audit.now };
  await inTransaction(db, async (trx) => {
    await trx.insertInto('store_item').values(row).execute();
    await writeAudit(trx, { actor: audit.actor, action: 'store.add', detail: withReason(audit, row), at: audit.now });
    // Every member hears of a new item once (the notification centre).
    await notify(
      trx,
      'all',
      {
        kind: 'store',
        key: `store:item:${id}`,
        title: `New in the Reward Store: ${row.name}`,
        body: `${row.price} points.`,
        link: '/rewardstore',
      },
      audit.now,
    );
  });
  return { ok: true, row };
}

export async function updateStoreItem(
  db: StoreDb,
  id: string,
  changes: Partial<ItemFields>,
  audit: StoreAudit,
): Promise<ChangeResult> {
  const before = await findStoreItem(db, id);
  if (!before) return refuse('missing', `There is no item ${id}.`);
  if (Object.keys(changes).length === 0) return refuse('unchanged', 'Nothing to change.');
  const { id: _id, retired_at: _retired, created_at: _created, updated_at: _updated, ...current } = before;
  const result = await checked(db, { ...current, ...changes });
  if ('problem' in result) return refuse('invalid', result.problem);
  return inTransaction(db, async (trx) => {
    // Only the named fields are written: a concurrent purchase's stock change survives an update of the price.
    await trx
      .updateTable('store_item')
      .set({ ...changes, updated_at: audit.now })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      actor: audit.actor,
      action: 'store.update',
      detail: withReason(audit, { id, changes }),
      at: audit.now,
    });
    return { ok: true as const, row: (await findStoreItem(trx, id)) as StoreItemRow };
  });
}

/** Takes an item off sale: members no longer see it, and its purchases stay valid. */
export function retireStoreItem(db: StoreDb, id: string, audit: StoreAudit): Promise<ChangeResult> {
  return setRetired(db, id, true, audit);
}

/** Puts a retired item back on sale as it was (its stock, price and window unchanged). */
export function restoreStoreItem(db: StoreDb, id: string, audit: StoreAudit): Promise<ChangeResult> {
  return setRetired(db, id, false, audit);
}

async function setRetired(db: StoreDb, id: string, retire: boolean, audit: StoreAudit): Promise<ChangeResult> {
  return inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable('store_item')
      .set({ retired_at: retire ? audit.now : null, updated_at: audit.now })
      .where('id', '=', id)
      .where('retired_at', retire ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      if (!(await findStoreItem(trx, id))) return refuse('missing', `There is no item ${id}.`);
      return refuse('unchanged', retire ? `${id} is retired already.` : `${id} is not retired.`);
    }
    await writeAudit(trx, {
      actor: audit.actor,
      action: retire ? 'store.retire' : 'store.restore',
      detail: withReason(audit, { id }),
      at: audit.now,
    });
    return { ok: true as const, row: (await findStoreItem(trx, id)) as StoreItemRow };
  });
}

/** Adds units to an item's stock in one conditional write (purchases may be taking units meanwhile). */
export async function restockStoreItem(
  db: StoreDb,
  id: string,
  units: number,
  audit: StoreAudit,
): Promise<ChangeResult> {
  if (!Number.isInteger(units) || units < 1 || units > MAX_POINTS) {
    return refuse('invalid', `Restock by a whole number of units, 1 to ${MAX_POINTS}.`);
  }
  return inTransaction(db, async (trx) => {
    const restocked = await trx
      .updateTable('store_item')
      .set((eb) => ({ stock: eb('stock', '+', units), updated_at: audit.now }))
      .where('id', '=', id)
      .where('stock', 'is not', null)
      .executeTakeFirst();
    if (Number(restocked.numUpdatedRows) === 0) {
      return (await findStoreItem(trx, id))
        ? refuse('invalid', `${id} has unlimited stock: there is nothing to restock.`)
        : refuse('missing', `There is no item ${id}.`);
    }
    const row = (await findStoreItem(trx, id)) as StoreItemRow;
    await writeAudit(trx, {
      actor: audit.actor,
      action: 'store.restock',
      detail: withReason(audit, { id, units, stock: Number(row.stock) }),
      at: audit.now,
    });
    return { ok: true as const, row };
  });
}

/** Units sold of each item (completed purchases), for the operator's list. */
export async function unitsSold(db: StoreDb): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('store_holding')
    .select(['item_id', (eb) => eb.fn.sum<number>('bought').as('sold')])
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.sold)]));
}

/** Points taken by each item's completed purchases (what members paid, whatever the price is now). */
export async function pointsTaken(db: StoreDb): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('store_purchase')
    .select(['item_id', (eb) => eb.fn.sum<number>('points').as('points')])
    .where('error_code', '=', 0)
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.points ?? 0)]));
}
