import type { Kysely } from 'kysely';
import type { BuyStoreItemAnswer } from '../../src/protocol/store';
import type { Database } from '../../src/server/features/index';
import { applyGrant } from '../../src/server/features/rewards/index';
import { addStoreItem, type ItemFields } from '../../src/server/features/store/manage';
import type { TestApp } from './app';
import { register, signUp, type TestMember } from './rewardsHelpers';

let items = 0;
let grants = 0;

/** A registered member holding `points` (granted through the ledger like any other points). */
export async function memberWithPoints(t: TestApp, points: number, label = 'buyer'): Promise<TestMember> {
  const member = await signUp(t, label);
  await register(t, { userId: member.userId });
  if (points > 0) await givePoints(t, member, points);
  return member;
}

export async function givePoints(t: TestApp, member: TestMember, points: number): Promise<void> {
  grants++;
  await applyGrant(t.deps.db, {
    userId: member.userId,
    key: `test-points:${member.userId}:${grants}`,
    reason: 'test points',
    lines: [{ asset: 'points', amount: points }],
    now: t.deps.clock.now(),
  });
}

/** A new catalogue item of the test's own (a ticket bundle unless told otherwise); answers its id. */
export async function addItem(t: TestApp, fields: Partial<ItemFields> = {}): Promise<string> {
  items++;
  const id = `test-item-${items}-${Math.random().toString(36).slice(2, 7)}`;
  const result = await addStoreItem(
    t.deps.db,
    id,
    {
      kind: 'tickets',
      tickets: 2,
      // A collectible is named after its template unless told otherwise.
      name: fields.kind === 'collectible' ? undefined : `Test item ${items}`,
      price: 10,
      ...fields,
    },
    { actor: 'test', now: t.deps.clock.now() },
  );
  if (!result.ok) throw new Error(result.problem);
  return id;
}

export function buy(
  t: TestApp,
  member: TestMember,
  item: string,
  options: { key?: string; quantity?: number } = {},
): Promise<BuyStoreItemAnswer> {
  return t.call(
    'buyStoreItem',
    {
      sStoreItemID: item,
      iQuantity: options.quantity ?? 1,
      sIdempotencyKey: options.key ?? `key-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    },
    member.token,
  ) as unknown as Promise<BuyStoreItemAnswer>;
}

export async function balanceOf(t: TestApp, userId: string): Promise<{ points: number; tickets: number }> {
  const row = await t.deps.db
    .selectFrom('balance')
    .select(['points', 'tickets'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { points: Number(row?.points ?? 0), tickets: Number(row?.tickets ?? 0) };
}

export async function stockOf(t: TestApp, item: string): Promise<number | null> {
  const row = await t.deps.db.selectFrom('store_item').select('stock').where('id', '=', item).executeTakeFirstOrThrow();
  return row.stock === null ? null : Number(row.stock);
}

/** What must hold between the store's rows and the ledger: every completed purchase is whole, nothing else exists. */
export async function storeProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const purchases = await db.selectFrom('store_purchase').selectAll().execute();
  const ledger = await db.selectFrom('ledger').select(['idem_key', 'user_id', 'asset', 'amount']).execute();
  const storeKeys = new Map<string, typeof ledger>();
  for (const row of ledger) {
    const match = /^store:(\d+)(#\d+)?$/.exec(row.idem_key);
    if (!match) continue;
    const list = storeKeys.get(match[1] as string) ?? [];
    list.push(row);
    storeKeys.set(match[1] as string, list);
  }
  const completed = purchases.filter((p) => Number(p.error_code) === 0);
  for (const purchase of completed) {
    const lines = storeKeys.get(String(purchase.id));
    if (!lines) problems.push(`purchase ${purchase.id} has no ledger grant`);
    if (!purchase.answer) problems.push(`purchase ${purchase.id} has no answer`);
  }
  const completedIds = new Set(completed.map((p) => String(p.id)));
  for (const id of storeKeys.keys())
    if (!completedIds.has(id)) problems.push(`ledger grant store:${id} has no purchase`);

  const bought = new Map<string, number>();
  for (const p of completed) {
    const key = `${p.user_id}|${p.item_id}`;
    bought.set(key, (bought.get(key) ?? 0) + Number(p.quantity));
  }
  const holdings = await db.selectFrom('store_holding').selectAll().execute();
  for (const h of holdings) {
    if (Number(h.bought) !== (bought.get(`${h.user_id}|${h.item_id}`) ?? 0)) {
      problems.push(
        `${h.user_id} holds ${h.bought} of ${h.item_id} but bought ${bought.get(`${h.user_id}|${h.item_id}`) ?? 0}`,
      );
    }
  }
  const itemRows = await db.selectFrom('store_item').select(['id', 'stock', 'member_limit']).execute();
  for (const item of itemRows) {
    if (item.stock !== null && Number(item.stock) < 0) problems.push(`${item.id} has negative stock`);
    for (const h of holdings.filter((x) => x.item_id === item.id)) {
      if (Number(h.bought) > Number(item.member_limit)) problems.push(`${h.user_id} passed the limit of ${item.id}`);
    }
  }
  const balances = await db.selectFrom('balance').select(['user_id', 'points', 'tickets']).execute();
  for (const b of balances)
    if (Number(b.points) < 0 || Number(b.tickets) < 0) problems.push(`${b.user_id} is negative`);
  return problems;
}
