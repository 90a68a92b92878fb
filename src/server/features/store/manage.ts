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

export type ChangeResult = { ok: true; row: StoreItemRow } | { ok: false; problem: string };

const MAX_POINTS = 1_000_000_000;

const itemSchema = z
  .object({
    kind: z.enum(STORE_ITEM_KINDS),
    name: z.string().trim().min(1, 'a name').max(200),
    description: z.string().max(5000),
    image: z
      .string()
      .regex(/^(https?:\/\/\S+|[a-z0-9][a-z0-9/_.-]*)$/, 'an image: a path under content/media or an http(s) URL'),
    template_id: z.string().nullable(),
    tickets: z.number().int().min(0).max(MAX_POINTS),
    price: z.number().int('a whole number of points').min(0).max(MAX_POINTS),
    stock: z.number().int().min(0).max(MAX_POINTS).nullable(),
    member_limit: z.number().int().min(1, 'a limit of at least 1').max(MAX_POINTS),
    available_from: z.number().int().nullable(),
    available_until: z.number().int().nullable(),
    sort: z.number().int(),
  })
  .refine((item) => (item.kind === 'collectible') === (item.template_id !== null), {
    message: 'a collectible names its --template; ticket bundles and raffle entries do not',
  })
  .refine((item) => item.kind === 'collectible' || item.tickets > 0, {
    message: 'ticket bundles and raffle entries give --tickets N (at least 1)',
  })
  .refine(
    (item) =>
      item.available_from === null || item.available_until === null || item.available_from < item.available_until,
    { message: 'the window must end (--until) after it starts (--from)' },
  );

/** The operator's option for each field, to name it in a refusal. */
const OPTION_OF: Record<string, string> = {
  kind: '--kind',
  name: '--name',
  description: '--description',
  image: '--image',
  template_id: '--template',
  tickets: '--tickets',
  price: '--price',
  stock: '--stock',
  member_limit: '--limit',
  available_from: '--from',
  available_until: '--until',
  sort: '--sort',
};

/** The art a new item gets unless the operator names one. */
const DEFAULT_IMAGE = { tickets: 'store/ticket-bundle.svg', 'raffle-entry': 'store/raffle-entry.svg' } as const;

async function checked(db: StoreDb, fields: ItemFields): Promise<{ fields: ItemFields } | { problem: string }> {
  const parsed = itemSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const flag = typeof field === 'string' ? (OPTION_OF[field] ?? field) : undefined;
    return { problem: `Needs ${flag ? `${flag}: ` : ''}${issue?.message}` };
  }
  if (fields.template_id !== null && !(await templateSummaries(db, [fields.template_id])).has(fields.template_id)) {
    return { problem: `No collectible template ${fields.template_id}` };
  }
  return { fields: parsed.data as ItemFields };
}

export async function addStoreItem(
  db: StoreDb,
  id: string,
  given: Partial<ItemFields>,
  audit: { actor: string; now: number },
): Promise<ChangeResult> {
  if (!storeItemId.safeParse(id).success) return { ok: false, problem: `Not an item id: ${id} (a-z, 0-9, _ and -)` };
  if (await findStoreItem(db, id)) return { ok: false, problem: `Item ${id} exists; use store update` };
  const kind = given.kind ?? 'collectible';
  if (given.price === undefined) return { ok: false, problem: 'Needs --price N (points per unit)' };
  if (kind === 'collectible' && !given.template_id) {
    return { ok: false, problem: 'Needs --template T: a collectible names its --template' };
  }
  const template = given.template_id
    ? (await templateSummaries(db, [given.template_id])).get(given.template_id)
    : undefined;
  if (given.template_id && !template) return { ok: false, problem: `No collectible template ${given.template_id}` };
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
  if ('problem' in result) return { ok: false, problem: result.problem };
  const row: StoreItemRow = { id, ...result.fields, retired_at: null, created_at: audit.now, updated_at: audit.now };
  await inTransaction(db, async (trx) => {
    await trx.insertInto('store_item').values(row).execute();
    await writeAudit(trx, { actor: audit.actor, action: 'store.add', detail: row, at: audit.now });
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
  audit: { actor: string; now: number },
): Promise<ChangeResult> {
  const before = await findStoreItem(db, id);
  if (!before) return { ok: false, problem: `No item ${id}` };
  if (Object.keys(changes).length === 0) return { ok: false, problem: 'Nothing to change' };
  const { id: _id, retired_at: _retired, created_at: _created, updated_at: _updated, ...current } = before;
  const result = await checked(db, { ...current, ...changes });
  if ('problem' in result) return { ok: false, problem: result.problem };
  return inTransaction(db, async (trx) => {
    // Only the named fields are written: a concurrent purchase's stock change survives an update of the price.
    await trx
      .updateTable('store_item')
      .set({ ...changes, updated_at: audit.now })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, { actor: audit.actor, action: 'store.update', detail: { id, changes }, at: audit.now });
    return { ok: true as const, row: (await findStoreItem(trx, id)) as StoreItemRow };
  });
}

/** Takes an item off sale for good: members no longer see it, and its purchases stay valid. */
export async function retireStoreItem(
  db: StoreDb,
  id: string,
  audit: { actor: string; now: number },
): Promise<ChangeResult> {
  return inTransaction(db, async (trx) => {
    const retired = await trx
      .updateTable('store_item')
      .set({ retired_at: audit.now, updated_at: audit.now })
      .where('id', '=', id)
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    if (Number(retired.numUpdatedRows) === 0) {
      return {
        ok: false as const,
        problem: (await findStoreItem(trx, id)) ? `${id} is retired already` : `No item ${id}`,
      };
    }
    await writeAudit(trx, { actor: audit.actor, action: 'store.retire', detail: { id }, at: audit.now });
    return { ok: true as const, row: (await findStoreItem(trx, id)) as StoreItemRow };
  });
}

/** Adds units to an item's stock in one conditional write (purchases may be taking units meanwhile). */
export async function restockStoreItem(
  db: StoreDb,
  id: string,
  units: number,
  audit: { actor: string; now: number },
): Promise<ChangeResult> {
  if (!Number.isInteger(units) || units < 1 || units > MAX_POINTS) {
    return { ok: false, problem: `Restock by a whole number of units, 1…${MAX_POINTS}` };
  }
  return inTransaction(db, async (trx) => {
    const restocked = await trx
      .updateTable('store_item')
      .set((eb) => ({ stock: eb('stock', '+', units), updated_at: audit.now }))
      .where('id', '=', id)
      .where('stock', 'is not', null)
      .executeTakeFirst();
    if (Number(restocked.numUpdatedRows) === 0) {
      return {
        ok: false as const,
        problem: (await findStoreItem(trx, id)) ? `${id} has unlimited stock` : `No item ${id}`,
      };
    }
    const row = (await findStoreItem(trx, id)) as StoreItemRow;
    await writeAudit(trx, {
      actor: audit.actor,
      action: 'store.restock',
      detail: { id, units, stock: Number(row.stock) },
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
