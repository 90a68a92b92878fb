import { sql } from 'kysely';
import type { AnyDb } from '../../db/schema';

/**
 * The names a member's export shows instead of other capabilities' keys: a collectible's template
 * name, a raffle's title and its prizes' names, a store item's name, a chat channel's name. Read
 * the way the backup's export reads every table (db/backup.ts), so members needs no edge to them.
 */
export interface ExportNames {
  template: ReadonlyMap<string, string>;
  raffle: ReadonlyMap<string, string>;
  /** `${raffleId}:${prizeId}` → the prize's name. */
  prize: ReadonlyMap<string, string>;
  storeItem: ReadonlyMap<string, string>;
  channel: ReadonlyMap<string, string>;
}

type Row = Record<string, unknown>;

async function pairs(db: AnyDb, table: string, key: (row: Row) => string, value: string, ids: readonly unknown[]) {
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined))];
  const found = new Map<string, string>();
  if (wanted.length === 0) return found;
  const idColumn = table === 'raffle_prize' ? 'raffle_id' : 'id';
  const rows = (await db
    .selectFrom(sql.table(table).as('t'))
    .selectAll()
    .where(sql.ref(`t.${idColumn}`), 'in', wanted)
    .execute()) as Row[];
  for (const row of rows) found.set(key(row), String(row[value] ?? ''));
  return found;
}

/** The names of whatever the member's rows point at (`raw`: the export's rows by table). */
export async function exportNames(db: AnyDb, raw: Readonly<Record<string, readonly Row[]>>): Promise<ExportNames> {
  const column = (table: string, name: string) => (raw[table] ?? []).map((row) => row[name]);
  const raffleIds = [...column('raffle_entry', 'raffle_id'), ...column('raffle_winner', 'raffle_id')];
  const [template, raffle, prize, storeItem, channel] = await Promise.all([
    pairs(db, 'template', (r) => String(r.id), 'name', column('item', 'template_id')),
    pairs(db, 'raffle', (r) => String(r.id), 'title', raffleIds),
    pairs(db, 'raffle_prize', (r) => `${r.raffle_id}:${r.prize_id}`, 'name', column('raffle_winner', 'raffle_id')),
    pairs(db, 'store_item', (r) => String(r.id), 'name', [
      ...column('store_purchase', 'item_id'),
      ...column('store_holding', 'item_id'),
    ]),
    pairs(db, 'chat_channel', (r) => String(r.id), 'name', [
      ...column('chat_message', 'channel_id'),
      ...column('chat_read', 'channel_id'),
    ]),
  ]);
  return { template, raffle, prize, storeItem, channel };
}
