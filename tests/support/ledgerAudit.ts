import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/features/index';

/**
 * Everything that must hold between the ledger, balances and items; the list of what does not.
 * Used after bursts of parallel grants and after a crash.
 */
export async function ledgerProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const ledger = await db.selectFrom('ledger').select(['user_id', 'asset', 'amount', 'item_id', 'idem_key']).execute();
  const balances = await db.selectFrom('balance').select(['user_id', 'points', 'tickets']).execute();
  const items = await db.selectFrom('item').select(['id', 'owner_user_id']).execute();
  const traits = await db.selectFrom('item_trait').select('item_id').execute();

  const sums = new Map<string, { points: number; tickets: number }>();
  for (const row of ledger) {
    const sum = sums.get(row.user_id) ?? { points: 0, tickets: 0 };
    if (row.asset === 'points') sum.points += Number(row.amount);
    if (row.asset === 'tickets') sum.tickets += Number(row.amount);
    sums.set(row.user_id, sum);
  }
  const balanceOf = new Map(balances.map((b) => [b.user_id, { points: Number(b.points), tickets: Number(b.tickets) }]));
  for (const [userId, sum] of sums) {
    const balance = balanceOf.get(userId) ?? { points: 0, tickets: 0 };
    if (balance.points !== sum.points || balance.tickets !== sum.tickets) {
      problems.push(`${userId}: balance ${JSON.stringify(balance)} but ledger says ${JSON.stringify(sum)}`);
    }
  }
  for (const [userId, balance] of balanceOf) {
    if (!sums.has(userId) && (balance.points !== 0 || balance.tickets !== 0))
      problems.push(`${userId}: balance without ledger`);
  }

  const itemOwner = new Map(items.map((i) => [Number(i.id), i.owner_user_id]));
  const itemLedger = ledger.filter((row) => row.asset === 'item');
  // Items change hands (a trade, a take-back): per item, its holder's rows sum to 1, everyone else's to 0.
  const held = new Map<string, number>();
  for (const row of itemLedger) {
    if (row.item_id === null) problems.push(`${row.idem_key}: item line without item`);
    else if (!itemOwner.has(Number(row.item_id))) problems.push(`${row.idem_key}: item missing`);
    else {
      const key = `${row.item_id} ${row.user_id}`;
      held.set(key, (held.get(key) ?? 0) + Number(row.amount));
    }
  }
  for (const [key, net] of held) {
    const [itemId, userId] = key.split(' ') as [string, string];
    const expected = itemOwner.get(Number(itemId)) === userId ? 1 : 0;
    if (net !== expected) problems.push(`item ${itemId}: ${userId}'s ledger says ${net}, expected ${expected}`);
  }
  for (const [itemId, owner] of itemOwner) {
    if (!owner.startsWith('house:') && held.get(`${itemId} ${owner}`) !== 1)
      problems.push(`item ${itemId}: its holder ${owner} has no ledger row for it`);
  }
  const ledgered = new Set(itemLedger.map((row) => Number(row.item_id)));
  for (const item of items) if (!ledgered.has(Number(item.id))) problems.push(`item ${item.id} has no ledger row`);
  const withTraits = new Set(traits.map((t) => Number(t.item_id)));
  for (const item of items) if (!withTraits.has(Number(item.id))) problems.push(`item ${item.id} has no traits`);

  // A multi-line grant is all there or not at all: `key`, `key#2`, `key#3` …
  const keys = new Set(ledger.map((row) => row.idem_key));
  for (const key of keys) {
    const match = /^(.*)#(\d+)$/.exec(key);
    if (!match) continue;
    const [, base, n] = match;
    for (let i = 2; i < Number(n); i++) if (!keys.has(`${base}#${i}`)) problems.push(`${key} without ${base}#${i}`);
    if (!keys.has(base as string)) problems.push(`${key} without ${base}`);
  }
  return problems;
}
