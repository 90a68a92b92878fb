import type { DbOrTrx } from './db';

export interface PendingNoticeRow {
  id: number;
  kind: string;
  payload: string;
}

/** Stores a notice unless one with the same key exists (a retried grant tells the member once). */
export async function insertNotice(
  db: DbOrTrx,
  notice: { userId: string; kind: string; payload: string; idemKey: string; now: number },
): Promise<void> {
  await db
    .insertInto('notice')
    .values({
      user_id: notice.userId,
      kind: notice.kind,
      payload: notice.payload,
      idem_key: notice.idemKey,
      created_at: notice.now,
      acknowledged_at: null,
    })
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .execute();
}

export async function listPendingNotices(db: DbOrTrx, userId: string): Promise<PendingNoticeRow[]> {
  const rows = await db
    .selectFrom('notice')
    .select(['id', 'kind', 'payload'])
    .where('user_id', '=', userId)
    .where('acknowledged_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Marks a member's pending notices of these kinds (up to an id, if given) acknowledged; how many. */
export async function acknowledgeNotices(
  db: DbOrTrx,
  ack: { userId: string; kinds: string[]; upToId: number | undefined; now: number },
): Promise<number> {
  if (ack.kinds.length === 0) return 0;
  let query = db
    .updateTable('notice')
    .set({ acknowledged_at: ack.now })
    .where('user_id', '=', ack.userId)
    .where('acknowledged_at', 'is', null)
    .where('kind', 'in', ack.kinds);
  if (ack.upToId !== undefined) query = query.where('id', '<=', ack.upToId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
