import { exportMember } from '../../db/backup';
import { writeAudit } from '../../shared/audit';
import { identity } from '../identity/index';
import type { MembersDb } from './tables';

/**
 * A member's data as JSON (the backup's export-member, reused) with its audit entry: an export
 * of personal data is an operator action like any other. Null for no such account.
 */
export async function exportMemberData(
  db: MembersDb,
  who: string,
  request: { actor: string; reason: string; now: number },
): Promise<Record<string, unknown> | null> {
  const data = await exportMember({ db }, who, [identity]);
  if (!data) return null;
  await writeAudit(db, {
    actor: request.actor,
    action: 'member.export',
    detail: { userId: data.userId, reason: request.reason },
    at: request.now,
    memberId: String(data.userId),
  });
  return data;
}
