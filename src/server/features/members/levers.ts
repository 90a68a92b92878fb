import { exportMember } from '../../db/backup';
import type { AnyDb } from '../../db/schema';
import { writeAudit } from '../../shared/audit';
import { identity, referredMembers } from '../identity/index';
import { exportNames } from './exportNames';
import { shapeMemberExport } from './memberExport';
import type { MembersDb } from './tables';

/**
 * What the member's own copy leaves out (issue 30, docs/security.md "A member's own data"):
 * operators' notes, console sessions and operator roles (the operators' working records, not data
 * the member gave or made), Better Auth's credential rows and wallet challenges (secrets in all but name), and
 * columns that name another member or are keys (the referrer's id, idempotency keys, nonces,
 * which embed other members' ids). The sections of memberExport.ts then pick the fields a person
 * reads, so internal numbers and operators' names (who muted, who deleted) never reach the file.
 */
const MEMBER_COPY = {
  tables: ['member_note', 'console_session', 'operator_account', 'account', 'verification', 'wallet_nonce'],
  columns: /^(referred_by_user_id|idem_key|nonce|client_key)$/,
};

/**
 * A member's data as JSON (the backup's export-member, reused) with its audit entry: an export
 * of personal data is an operator action like any other. Null for no such account. `forMember`:
 * the member's own download (getMyData): MEMBER_COPY left out, the members they referred by
 * username only, shaped for a person (memberExport.ts).
 */
export async function exportMemberData(
  db: MembersDb,
  who: string,
  request: { actor: string; reason: string; now: number; forMember?: boolean },
): Promise<Record<string, unknown> | null> {
  const data = await exportMember({ db }, who, [identity], request.forMember ? MEMBER_COPY : {});
  if (!data) return null;
  await writeAudit(db, {
    actor: request.actor,
    action: 'member.export',
    detail: { userId: data.userId, reason: request.reason },
    at: request.now,
    memberId: String(data.userId),
  });
  if (!request.forMember) return data;
  const referred = await referredMembers(db, String(data.userId), { offset: 0, limit: 10_000 });
  data.referrals = referred.map((r) => r.username);
  const raw = data as Record<string, Record<string, unknown>[]>;
  return shapeMemberExport(data, await exportNames(db as unknown as AnyDb, raw), request.now);
}
