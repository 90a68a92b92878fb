import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DELETION_GRACE_DAYS, USERNAME_COOLING_DAYS } from '../../../protocol/memberAccount';
import type { AppContext, ErasedMember, EraseStep } from '../../capability';
import type { AnyDb } from '../../db/schema';
import type { Deps } from '../../deps';
import { renderActionMail } from '../../mail/layout';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { authActionLink } from './mail';
import { verifyPassword } from './password';
import { endSessionsOf } from './sessionsEnded';
import type { AccountDeletionTable, IdentityDb, IdentityTables } from './tables';

/**
 * A member deletes their own account (issue 30; decision 0189). The request is confirmed with
 * the password (and a TOTP code when two-factor is on), then with a mailed link; a grace period
 * follows during which signing in cancels it (decision 0217); then the erasure job runs every capability's
 * erase step (capability.ts `eraseMember`), each in its own transaction together with the record
 * that it ran, so a crash resumes where it stopped and no step runs twice. Identity's step comes
 * last: until then the account still names the email the other steps look for.
 */

const DAY = 24 * 60 * 60 * 1000;
const LINK_LIFETIME_MS = 60 * 60 * 1000;
export const ERASURE_ACTOR = 'system:erasure';

type Deletion = Pick<AccountDeletionTable, 'state' | 'erase_at'>;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const auditMember = (email: string) => `self:${email}`;

export async function deletionOf(db: IdentityDb, userId: string): Promise<Deletion | undefined> {
  return db
    .selectFrom('account_deletion')
    .select(['state', 'erase_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the account is being or has been erased (its share pages answer "not found"). */
export async function isErased(db: IdentityDb, userId: string): Promise<boolean> {
  const row = await deletionOf(db, userId);
  return row?.state === 'erasing' || row?.state === 'erased';
}

async function passwordMatches(db: IdentityDb, userId: string, password: string): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return Boolean(row?.password) && (await verifyPassword({ hash: row?.password as string, password }));
}

export type RequestOutcome = 'sent' | 'wrongPassword' | 'codeRequired' | 'alreadyScheduled';

/** Checks the password (and code) and mails the confirmation link. */
export async function requestDeletion(
  deps: Pick<Deps<IdentityTables>, 'db' | 'mailer' | 'config'>,
  user: { id: string; email: string },
  input: {
    password: string;
    code: string;
    now: number;
    /** Better Auth's own check of a TOTP code (accepted once) or a backup code (spent): confirmation.ts checkCode. */
    codePasses(code: string): Promise<boolean>;
  },
): Promise<RequestOutcome> {
  const { db } = deps;
  const current = await deletionOf(db, user.id);
  if (current?.state === 'scheduled' || current?.state === 'erasing' || current?.state === 'erased')
    return 'alreadyScheduled';
  if (!(await passwordMatches(db, user.id, input.password))) return 'wrongPassword';
  const account = await db.selectFrom('user').select('twoFactorEnabled').where('id', '=', user.id).executeTakeFirst();
  if (account?.twoFactorEnabled && !(input.code && (await input.codePasses(input.code)))) return 'codeRequired';
  const token = randomBytes(32).toString('base64url');
  const row = {
    state: 'requested' as const,
    token_hash: hashOf(token),
    requested_at: input.now,
    link_expires_at: input.now + LINK_LIFETIME_MS,
    erase_at: null,
    steps_done: '[]',
    erased_at: null,
    username_release_at: null,
  };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('account_deletion')
      .values({ user_id: user.id, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    await writeAudit(trx, {
      actor: auditMember(user.email),
      action: 'identity.deletion.requested',
      detail: { userId: user.id },
      at: input.now,
      memberId: user.id,
    });
  });
  await deps.mailer.send(
    renderActionMail({
      to: user.email,
      subject: 'Confirm the deletion of your account',
      heading: 'Delete your portal account?',
      lines: [
        'You asked to delete your portal account. Confirm it with the button below.',
        `Your account is then deleted after ${DELETION_GRACE_DAYS} days. Signing in before then cancels the deletion.`,
      ],
      buttonLabel: 'Delete my account',
      link: authActionLink(deps.config.publicUrl, 'confirmDeletion', token),
      footnote: 'The link works once and expires in one hour. If you did not ask for this, ignore this email.',
    }),
  );
  return 'sent';
}

/** The mailed link: schedules the erasure after the grace period and signs the member out everywhere. */
export async function confirmDeletion(
  deps: Pick<Deps<IdentityTables>, 'db' | 'bus'>,
  token: string,
  now: number,
): Promise<{ eraseAt: number } | null> {
  const row = await deps.db
    .selectFrom('account_deletion')
    .innerJoin('user', 'user.id', 'account_deletion.user_id')
    .select(['account_deletion.user_id', 'account_deletion.link_expires_at', 'user.email'])
    .where('account_deletion.token_hash', '=', hashOf(token))
    .where('account_deletion.state', '=', 'requested')
    .executeTakeFirst();
  if (!row || Number(row.link_expires_at) <= now) return null;
  const eraseAt = now + DELETION_GRACE_DAYS * DAY;
  const confirmed = await inTransaction(deps.db, async (trx) => {
    const updated = await trx
      .updateTable('account_deletion')
      .set({ state: 'scheduled', token_hash: null, erase_at: eraseAt })
      .where('user_id', '=', row.user_id)
      .where('state', '=', 'requested')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actor: auditMember(row.email),
      action: 'identity.deletion.confirmed',
      detail: { userId: row.user_id, eraseAt },
      at: now,
      memberId: row.user_id,
    });
    return true;
  });
  if (!confirmed) return null;
  await endSessionsOf(deps, row.user_id);
  return { eraseAt };
}

/** Cancels a pending request (the member signed in during the grace period); false when none was pending. */
export async function cancelDeletion(db: IdentityDb, user: { id: string; email: string }, now: number) {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('account_deletion')
      .set({ state: 'cancelled', token_hash: null, erase_at: null })
      .where('user_id', '=', user.id)
      .where('state', 'in', ['requested', 'scheduled'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actor: auditMember(user.email),
      action: 'identity.deletion.cancelled',
      detail: { userId: user.id },
      at: now,
      memberId: user.id,
    });
    return true;
  });
}

/**
 * A sign-in during the grace period cancels the deletion (docs/security.md; decision 0217): the
 * member came back. Its state says so until the member has seen the notice on arrival
 * (dismissDeletionNotice). Answers whether a deletion was cancelled.
 */
export async function cancelDeletionAtSignIn(db: IdentityDb, userId: string, now: number): Promise<boolean> {
  const pending = await deletionOf(db, userId);
  if (pending?.state !== 'scheduled') return false;
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('account_deletion')
      .set({ state: 'signin_cancelled', token_hash: null })
      .where('user_id', '=', userId)
      .where('state', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const user = await trx.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
    await writeAudit(trx, {
      actor: auditMember(user?.email ?? 'unknown'),
      action: 'identity.deletion.cancelledBySignIn',
      detail: { userId },
      at: now,
      memberId: userId,
    });
    return true;
  });
}

/** The member saw the notice that signing in cancelled their deletion; false when there was none. */
export async function dismissDeletionNotice(db: IdentityDb, userId: string): Promise<boolean> {
  const updated = await db
    .updateTable('account_deletion')
    .set({ state: 'cancelled', erase_at: null })
    .where('user_id', '=', userId)
    .where('state', '=', 'signin_cancelled')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

// ── The erasure ──────────────────────────────────────────────────────────────────────────────

/** The steps in the order they run: every other capability's (dependents first), identity's last. */
export function erasureSteps(ctx: Pick<AppContext, 'eraseSteps'>): EraseStep[] {
  const others = ctx.eraseSteps().filter((s) => s.capability !== 'identity');
  return [...others, { capability: 'identity', erase: (trx, member) => eraseIdentity(trx as IdentityDb, member) }];
}

/**
 * Runs every due erasure (scheduled and past its grace period, or one a crash interrupted) and
 * releases usernames whose cooling period ended. Answers the members whose erasure completed.
 */
export async function runErasures(
  deps: Pick<Deps<IdentityTables>, 'db' | 'bus'>,
  steps: readonly EraseStep[],
  now: number,
): Promise<string[]> {
  const due = await deps.db
    .selectFrom('account_deletion')
    .select(['user_id', 'state'])
    .where((eb) =>
      eb.or([eb.and([eb('state', '=', 'scheduled'), eb('erase_at', '<=', now)]), eb('state', '=', 'erasing')]),
    )
    .execute();
  const erased: string[] = [];
  for (const row of due) if (await eraseMember(deps, steps, row.user_id, now)) erased.push(row.user_id);
  await releaseUsernames(deps.db, now);
  return erased;
}

async function eraseMember(
  deps: Pick<Deps<IdentityTables>, 'db' | 'bus'>,
  steps: readonly EraseStep[],
  userId: string,
  now: number,
): Promise<boolean> {
  const { db } = deps;
  const user = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  const started = await inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('account_deletion')
      .set({ state: 'erasing' })
      .where('user_id', '=', userId)
      .where('state', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) {
      await writeAudit(trx, {
        actor: ERASURE_ACTOR,
        action: 'identity.deletion.erasing',
        detail: { userId },
        at: now,
        memberId: userId,
      });
    }
    return Number(moved.numUpdatedRows) > 0;
  });
  if (started) await endSessionsOf(deps, userId);
  const member: ErasedMember = { userId, email: user?.email ?? '', now };
  for (const step of steps) {
    await inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom('account_deletion')
        .select(['state', 'steps_done'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const done = JSON.parse(row?.steps_done ?? '[]') as string[];
      if (row?.state !== 'erasing' || done.includes(step.capability)) return;
      await step.erase(trx, member);
      await trx
        .updateTable('account_deletion')
        .set({ steps_done: JSON.stringify([...done, step.capability]) })
        .where('user_id', '=', userId)
        .execute();
    });
  }
  return inTransaction(db, async (trx) => {
    const finished = await trx
      .updateTable('account_deletion')
      .set({ state: 'erased', erased_at: now, username_release_at: now + USERNAME_COOLING_DAYS * DAY })
      .where('user_id', '=', userId)
      .where('state', '=', 'erasing')
      .executeTakeFirst();
    if (Number(finished.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actor: ERASURE_ACTOR,
      action: 'identity.deletion.erased',
      detail: { userId, steps: steps.map((s) => s.capability) },
      at: now,
      memberId: userId,
    });
    return true;
  });
}

/** After the cooling period, the erased member's username becomes free: the profile keeps a placeholder. */
async function releaseUsernames(db: IdentityDb, now: number): Promise<void> {
  const due = await db
    .selectFrom('account_deletion')
    .select('user_id')
    .where('state', '=', 'erased')
    .where('username_release_at', '<=', now)
    .execute();
  for (const { user_id } of due) {
    await inTransaction(db, async (trx) => {
      // Not a valid username (protocol/identity USERNAME_PATTERN), so nobody can register it.
      const placeholder = `~${createHash('sha256').update(user_id).digest('hex').slice(0, 12)}`;
      await trx
        .updateTable('member')
        .set({ username: placeholder, username_lower: placeholder })
        .where('user_id', '=', user_id)
        .execute();
      await trx
        .updateTable('account_deletion')
        .set({ username_release_at: null })
        .where('user_id', '=', user_id)
        .execute();
    });
  }
}

/**
 * Identity's erase step: the account becomes a tombstone (same id, so the ledger, items and raffle
 * proofs still add up) with no email, name, password, sessions, second factor or passkeys; its
 * sign-in history goes; the audit log and dev outbox no longer name the email.
 */
export async function eraseIdentity(trx: IdentityDb, member: ErasedMember): Promise<void> {
  const { userId, email } = member;
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  await trx.deleteFrom('account').where('userId', '=', userId).execute();
  await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await trx.deleteFrom('trusted_session').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sign_in_event').where('user_id', '=', userId).execute();
  // Passkeys (@better-auth/passkey's table, when installed).
  const tables = await (trx as AnyDb).introspection.getTables();
  if (tables.some((t) => t.name === 'passkey')) await sql`delete from passkey where "userId" = ${userId}`.execute(trx);
  await trx
    .deleteFrom('verification')
    .where((eb) =>
      eb.or([
        eb('value', 'like', `%${userId}%`),
        ...(email ? [eb('identifier', 'like', `%${email}%`), eb('value', 'like', `%${email}%`)] : []),
      ]),
    )
    .execute();
  await trx
    .updateTable('user')
    .set({
      email: `erased-${userId}@deleted.invalid`,
      name: 'Deleted member',
      // FALSE is a boolean on PostgreSQL and 0 on SQLite: the column's type on either.
      emailVerified: sql<boolean>`false`,
      twoFactorEnabled: sql<boolean>`false`,
    })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('member')
    .set({ subscribe: 0, invite_code: null, referred_by_code: null })
    .where('user_id', '=', userId)
    .execute();
  if (email) {
    await trx.updateTable('invite_code').set({ email: null, revoked: 1 }).where('email', '=', email).execute();
    const erasedActor = `self:erased:${userId}`;
    await trx.updateTable('audit_log').set({ actor: erasedActor }).where('actor', '=', auditMember(email)).execute();
    await trx
      .updateTable('audit_log')
      .set({ detail: sql`replace(detail, ${email}, '[erased]')` })
      .where('detail', 'like', `%${email}%`)
      .execute();
    for (const table of ['mail_outbox', 'mail_retry'] as const) {
      await trx
        .deleteFrom(table)
        .where((eb) =>
          eb.or([
            eb('to_address', '=', email),
            eb('text_body', 'like', `%${email}%`),
            eb('html_body', 'like', `%${email}%`),
          ]),
        )
        .execute();
    }
  }
}
