import { writeAudit } from '../../shared/audit';
import type { Bus } from '../../shared/bus';
import { inTransaction } from '../../shared/transaction';
import type { Auth } from './auth';
import { announceSessionsEnded } from './sessionsEnded';
import type { IdentityDb } from './tables';
import { isAccountVerified } from './userData';

/**
 * Account help from an operator (issue 27): resend the verification mail, force a password reset.
 * Both reuse Better Auth's own mails (mail.ts); each is audited with the member's `userId`.
 */
export type AccountHelpOutcome = 'sent' | 'no-account' | 'already-verified';

interface Request {
  actor: string;
  reason: string;
  now: number;
}

async function emailOf(db: IdentityDb, userId: string): Promise<string | null> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

export async function resendVerification(
  deps: { db: IdentityDb; auth: Auth },
  userId: string,
  request: Request,
): Promise<AccountHelpOutcome> {
  const email = await emailOf(deps.db, userId);
  if (!email) return 'no-account';
  if (await isAccountVerified(deps.db, userId)) return 'already-verified';
  await deps.auth.api.sendVerificationEmail({ body: { email } });
  await writeAudit(deps.db, {
    actor: request.actor,
    action: 'member.resendVerification',
    detail: { userId, reason: request.reason },
    at: request.now,
  });
  return 'sent';
}

/**
 * Ends every session of the member (their sockets close on every instance) and mails a reset
 * link: the sessions and the audit entry go together, the mail after they committed.
 */
export async function forcePasswordReset(
  deps: { db: IdentityDb; bus?: Bus; auth: Auth },
  userId: string,
  request: Request,
): Promise<AccountHelpOutcome> {
  const email = await emailOf(deps.db, userId);
  if (!email) return 'no-account';
  await inTransaction(deps.db, async (trx) => {
    const ended = await trx.deleteFrom('session').where('userId', '=', userId).executeTakeFirst();
    await writeAudit(trx, {
      actor: request.actor,
      action: 'member.forcePasswordReset',
      detail: { userId, reason: request.reason, sessionsEnded: Number(ended.numDeletedRows) },
      at: request.now,
    });
  });
  if (deps.bus) announceSessionsEnded(deps.bus, { userId });
  await deps.auth.api.requestPasswordReset({ body: { email } });
  return 'sent';
}
