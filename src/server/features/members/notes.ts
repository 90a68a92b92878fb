import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import type { MembersDb } from './tables';

/** Operators' notes on a member (issue 27): written with their audit entry, listed newest first. */
export async function addNote(
  db: MembersDb,
  note: { userId: string; text: string; actor: string; now: number },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('member_note')
      .values({ user_id: note.userId, body: note.text, actor: note.actor, created_at: note.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const noteId = Number(row.id);
    await writeAudit(trx, {
      actor: note.actor,
      action: 'member.note',
      detail: { userId: note.userId, noteId, reason: note.text },
      at: note.now,
      memberId: note.userId,
    });
    return noteId;
  });
}

export async function listNotes(db: MembersDb, userId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('member_note')
    .select(['id', 'body', 'actor', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), text: r.body, actor: r.actor, createdAt: Number(r.created_at) }));
}
