import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import { prepareDatabase } from '../../src/server/app';
import type { AnyDb } from '../../src/server/db/schema';
import { operatorsMigrations } from '../../src/server/features/operators/migrations';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, type EnrolledOperator, enrolledOperator } from '../support/operators';
import { signUp } from '../support/rewardsHelpers';
import { closeTestApp, ROOMY_LIMITS, signIn } from './identityHelpers';

const MIGRATION = 'operators/003_operator_account';
/** The password tests/support/rewardsHelpers' signUp gives every member. */
const MEMBER_PASSWORD = 'correct horse battery staple';

/**
 * Decision 0248: who is an operator moved out of Better Auth's `user.role` into operators'
 * `operator_account`. A database at the schema before it (roles in `user.role`, operators of every
 * role enrolled and signed in to the console, a banned member) is migrated: every operator keeps
 * their role and console session, the column holds `user` only, the ban still refuses sign-in, and
 * a ban after the move still ends an operator's role. The migration's down gives the roles back.
 */
describe.each(DIALECTS)('operators/003 on an existing database on %s', (dialect) => {
  let t: TestApp;
  const op = {} as Record<ConsoleRole, EnrolledOperator>;
  const banned = { email: '', userId: '' };
  const db = () => t.deps.db as unknown as AnyDb;
  const email = (role: string) => `${role}.${dialect}.migration@studio.example`;
  const idOf = async (address: string) =>
    (await t.deps.db.selectFrom('user').select('id').where('email', '=', address).executeTakeFirstOrThrow()).id;
  const userRoles = async () =>
    Object.fromEntries(
      (await db().selectFrom('user').select(['email', 'role']).execute()).map((r) => [r.email, r.role ?? null]),
    ) as Record<string, string | null>;

  /** The database as the code before decision 0248 left it: the roles in `user.role`, no operator_account. */
  async function rewindToPreviousSchema() {
    const live = await db()
      .selectFrom('operator_account')
      .select(['user_id', 'role'])
      .where('ended_at', 'is', null)
      .execute();
    for (const row of live)
      await db().updateTable('user').set({ role: row.role }).where('id', '=', row.user_id).execute();
    await db().schema.dropTable('operator_account').execute();
    await db().deleteFrom('kysely_migration').where('name', '=', MIGRATION).execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    for (const role of CONSOLE_ROLES) op[role] = await enrolledOperator(t, email(role), role);
    const member = await signUp(t, 'banned');
    Object.assign(banned, { email: member.email, userId: member.userId });
    expect((await admin(t, 'member', 'ban', member.email, '--reason', 'Cheating in M1')).exitCode).toBe(0);
    await rewindToPreviousSchema();
    const before = await userRoles();
    for (const role of CONSOLE_ROLES) expect(before[email(role)]).toBe(role);
    // The upgrade: the next start migrates.
    await prepareDatabase(t.db, t.config, Date.now());
  });
  afterAll(() => closeTestApp(t));

  it('keeps every operator and their console session, with the role they had', async () => {
    for (const role of CONSOLE_ROLES) {
      expect(await consoleCall(t, 'whoami', {}, op[role].token)).toMatchObject({
        iErrorCode: ErrorCode.OK,
        sEmail: email(role),
        sRole: role,
      });
    }
    const listed = (await admin(t, 'operator', 'list')).output;
    for (const role of CONSOLE_ROLES) expect(listed).toMatch(new RegExp(`${email(role)}\\s+${role}\\s+2fa`));
    const rows = await db()
      .selectFrom('operator_account')
      .select(['user_id', 'role', 'added_by', 'ended_at'])
      .orderBy('role')
      .execute();
    expect(rows.map((r) => [r.role, r.added_by, r.ended_at])).toEqual(
      [...CONSOLE_ROLES].sort().map((role) => [role, 'cli:tester', null]),
    );
    // Better Auth's column holds its default only: one place says who is an operator.
    expect(new Set(Object.values(await userRoles()))).toEqual(new Set(['user']));
    expect(await admin(t, 'member', 'show', email('admin'))).toMatchObject({ exitCode: 0 });
    expect((await admin(t, 'member', 'show', email('admin'))).output).toContain('role admin');
  });

  it('keeps the ban: the banned member cannot sign in, and their account holds no role', async () => {
    const refused = await signIn(t, banned.email, MEMBER_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ iErrorCode: ErrorCode.MEMBER_BANNED, sBanReason: 'Cheating in M1' });
    expect((await admin(t, 'member', 'show', banned.email)).output).toContain('role user');
  });

  it('a ban after the move ends an operator’s role, and their console session with it', async () => {
    const moderatorId = await idOf(email('moderator'));
    const answer = await consoleCall(
      t,
      'memberBan',
      { sUserID: moderatorId, sReason: 'left the studio', iDurationMs: 0 },
      op.admin.token,
    );
    expect(answer.iErrorCode).toBe(ErrorCode.OK);
    expect(await consoleCall(t, 'whoami', {}, op.moderator.token)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_NOT_OPERATOR,
    });
    const ended = await db()
      .selectFrom('operator_account')
      .select(['ended_at', 'ended_by', 'role'])
      .where('user_id', '=', moderatorId)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ ended_by: `console:${email('admin')}`, role: 'moderator' });
    expect(ended.ended_at).not.toBeNull();
    const audit = (await listAudit(t.deps.db, 500)).filter(
      (row) => row.action === 'operator.remove' && row.member_id === moderatorId,
    );
    expect(audit).toHaveLength(1);
    expect((await admin(t, 'operator', 'list')).output).not.toContain(email('moderator'));
  });

  it('its down gives the live roles back to user.role, and up takes them again', async () => {
    const migration = operatorsMigrations[MIGRATION]?.(dialect);
    if (!migration?.down) throw new Error(`${MIGRATION} has no down`);
    await migration.down(db());
    const given = await userRoles();
    for (const role of ['admin', 'support', 'viewer']) expect(given[email(role)]).toBe(role);
    // The banned moderator's role had ended: it does not come back.
    expect(given[email('moderator')]).toBe('user');
    await migration.up(db());
    expect(await consoleCall(t, 'whoami', {}, op.viewer.token)).toMatchObject({ sRole: 'viewer' });
    expect(new Set(Object.values(await userRoles()))).toEqual(new Set(['user']));
  });
});
