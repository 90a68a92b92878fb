import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { publicSessionId } from '../../src/server/features/identity/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import {
  admin,
  consoleCall,
  consoleSignIn,
  type EnrolledOperator,
  enrolledOperator,
  OPERATOR_PASSWORD,
  post,
  signInOperator,
  welcomeToken,
} from '../support/operators';
import { register } from '../support/rewardsHelpers';
import { closeTestApp, ROOMY_LIMITS, signUp, uniqueEmail } from './identityHelpers';

const NEW_PASSWORD = 'a brand new pass phrase';

/** Issue 38: an operator's own account in the console, "resend welcome", and the CLI grant's words. */
describe.each(DIALECTS)('console self-service on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock(Date.now());
  let root: EnrolledOperator;
  const operatorEmail = (prefix: string) => uniqueEmail(prefix).replace('@example.com', '@studio.example');
  const rootEmail = operatorEmail('selfroot');
  const userIdOf = async (email: string) =>
    (await t.deps.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const auditOf = async (userId: string) =>
    (await listAudit(t.deps.db, 1000)).filter(
      (row) => row.member_id === userId || JSON.parse(row.detail).userId === userId,
    );

  /** Another console session of an operator, signed in with one of their backup codes. */
  const used: Record<string, number> = {};
  async function anotherSession(who: EnrolledOperator): Promise<string> {
    used[who.email] = (used[who.email] ?? -1) + 1;
    const signedIn = await consoleSignIn(t, who.email, { backupCode: who.backupCodes[used[who.email] as number] });
    if (!signedIn.token) throw new Error(`console sign-in: ${JSON.stringify(signedIn.verified.body)}`);
    return signedIn.token;
  }
  const whoami = async (token: string) => (await consoleCall(t, 'whoami', {}, token)).iErrorCode;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: ROOMY_LIMITS },
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    root = await enrolledOperator(t, rootEmail, 'admin');
  });
  afterAll(() => closeTestApp(t));

  it('a password change checks the current one, ends the other sessions and keeps this one, audited', async () => {
    const op = await enrolledOperator(t, operatorEmail('pw'), 'viewer');
    const other = op.token;
    const mine = await anotherSession(op);
    const wrong = await consoleCall(
      t,
      'accountPasswordChange',
      { sCurrentPassword: 'not my password', sNewPassword: NEW_PASSWORD },
      mine,
    );
    expect(wrong.iErrorCode).toBe(ErrorCode.WRONG_PASSWORD);
    const short = await consoleCall(
      t,
      'accountPasswordChange',
      { sCurrentPassword: OPERATOR_PASSWORD, sNewPassword: 'short' },
      mine,
    );
    expect(short.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    expect(await whoami(other)).toBe(0);

    const changed = await consoleCall(
      t,
      'accountPasswordChange',
      { sCurrentPassword: OPERATOR_PASSWORD, sNewPassword: NEW_PASSWORD },
      mine,
    );
    expect(changed).toMatchObject({ iErrorCode: 0 });
    expect(changed.iSessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await whoami(mine)).toBe(0);
    expect(await whoami(other)).toBe(ErrorCode.CONSOLE_NOT_OPERATOR);
    expect((await signInOperator(t, op.email)).status).toBe(401);
    expect((await signInOperator(t, op.email, NEW_PASSWORD)).status).toBe(200);

    const id = await userIdOf(op.email);
    const actions = (await auditOf(id)).map((row) => row.action);
    expect(actions).toContain('identity.password.changed');
    expect(actions).toContain('operator.self.password');
  });

  it('backup codes: the count falls as one is used, and renewing makes ten new ones (the old stop working)', async () => {
    const op = await enrolledOperator(t, operatorEmail('codes'), 'support');
    expect((await consoleCall(t, 'accountShow', {}, op.token)).iBackupCodesLeft).toBe(10);
    const token = await anotherSession(op);
    const shown = await consoleCall(t, 'accountShow', {}, token);
    expect(shown).toMatchObject({ iErrorCode: 0, sEmail: op.email, sRole: 'support', iBackupCodesLeft: 9 });

    expect((await consoleCall(t, 'accountBackupCodesRenew', { sPassword: 'wrong one' }, token)).iErrorCode).toBe(
      ErrorCode.WRONG_PASSWORD,
    );
    const renewed = await consoleCall(t, 'accountBackupCodesRenew', { sPassword: OPERATOR_PASSWORD }, token);
    expect(renewed.iErrorCode).toBe(0);
    const codes = renewed.aBackupCodes as string[];
    expect(codes).toHaveLength(10);
    expect((await consoleCall(t, 'accountShow', {}, token)).iBackupCodesLeft).toBe(10);

    // An old code no longer signs in; a new one does, and the count falls again.
    const old = await consoleSignIn(t, op.email, { backupCode: op.backupCodes[5] });
    expect(old.token).toBeUndefined();
    const fresh = await consoleSignIn(t, op.email, { backupCode: codes[0] });
    expect(fresh.token).toEqual(expect.any(String));
    expect((await consoleCall(t, 'accountShow', {}, fresh.token)).iBackupCodesLeft).toBe(9);
    const actions = (await auditOf(await userIdOf(op.email))).map((row) => row.action);
    expect(actions).toContain('identity.twoFactor.backupCodesRenewed');
  });

  it('a viewer sees and ends only their own console sessions, never this one nor another operator’s', async () => {
    const viewer = await enrolledOperator(t, operatorEmail('viewer'), 'viewer');
    const second = await anotherSession(viewer);
    const rootSession = await anotherSession(root);
    const shown = await consoleCall(t, 'accountShow', {}, viewer.token);
    const sessions = shown.aSessions as Array<{ sSessionID: string; bThisSession: boolean; sDevice: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.bThisSession)).toHaveLength(1);
    expect(sessions[0]?.bThisSession).toBe(true);

    const rootIds = (
      await t.deps.db
        .selectFrom('console_session')
        .select('session_id')
        .where('user_id', '=', await userIdOf(rootEmail))
        .execute()
    ).map((row) => publicSessionId(row.session_id));
    expect(sessions.some((s) => rootIds.includes(s.sSessionID))).toBe(false);
    for (const id of rootIds) {
      expect((await consoleCall(t, 'accountSessionEnd', { sSessionID: id }, viewer.token)).iErrorCode).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
    expect(await whoami(rootSession)).toBe(0);

    const self = sessions.find((s) => s.bThisSession)?.sSessionID;
    expect((await consoleCall(t, 'accountSessionEnd', { sSessionID: self }, viewer.token)).iErrorCode).toBe(
      ErrorCode.BAD_INPUT,
    );
    const otherId = sessions.find((s) => !s.bThisSession)?.sSessionID;
    expect((await consoleCall(t, 'accountSessionEnd', { sSessionID: otherId }, viewer.token)).iErrorCode).toBe(0);
    expect(await whoami(second)).toBe(ErrorCode.CONSOLE_NOT_OPERATOR);
    expect(await whoami(viewer.token)).toBe(0);
    expect(((await consoleCall(t, 'accountShow', {}, viewer.token)).aSessions as unknown[]).length).toBe(1);
    expect((await consoleCall(t, 'accountSessionEnd', { sSessionID: 'x' }, viewer.token)).iErrorCode).toBe(
      ErrorCode.BAD_INPUT,
    );
    const actions = (await auditOf(await userIdOf(viewer.email))).map((row) => row.action);
    expect(actions).toContain('operator.self.sessionEnded');
  });

  it('resend welcome mails a fresh link to an operator without a password, and refuses one who signed in', async () => {
    const email = operatorEmail('welcome');
    expect((await admin(t, 'operator', 'add', email, '--role', 'moderator')).exitCode).toBe(0);
    const first = await welcomeToken(t, email);

    // The CLI lever.
    const resent = await admin(t, 'operator', 'resend-welcome', email);
    expect(resent).toEqual({
      output: `Mailed ${email} a fresh link to set the password and enrol two-factor`,
      exitCode: 0,
    });
    const second = await welcomeToken(t, email);
    expect(second).not.toBe(first);
    expect((await post(t, '/api/auth/reset-password', { token: first, newPassword: NEW_PASSWORD })).status).toBe(400);

    // The console lever: admins only (operatorAdd's permission), with a fresh confirmation.
    const support = await enrolledOperator(t, operatorEmail('support'), 'support');
    const refusedSupport = await consoleCall(
      t,
      'operatorResendWelcome',
      { sEmail: email, sReason: 'lost the mail' },
      support.token,
    );
    expect(refusedSupport.iErrorCode).toBe(ErrorCode.CONSOLE_FORBIDDEN);
    const token = await anotherSession(root);
    expect(
      (await consoleCall(t, 'operatorResendWelcome', { sEmail: email, sReason: 'lost the mail' }, token)).iErrorCode,
    ).toBe(ErrorCode.CONFIRMATION_REQUIRED);
    used[root.email] = (used[root.email] ?? 0) + 1;
    const confirmed = await consoleCall(
      t,
      'confirmIdentity',
      { sPassword: OPERATOR_PASSWORD, sCode: root.backupCodes[used[root.email] as number] },
      token,
    );
    expect(confirmed.iErrorCode).toBe(0);
    const viaConsole = await consoleCall(
      t,
      'operatorResendWelcome',
      { sEmail: email, sReason: 'lost the mail' },
      token,
    );
    expect(viaConsole).toMatchObject({ iErrorCode: 0, pOperator: { sEmail: email, sRole: 'moderator' } });
    const third = await welcomeToken(t, email);
    expect(third).not.toBe(second);
    // The list shows who never signed in.
    const list = await consoleCall(t, 'operatorsList', {}, token);
    const rows = list.aRows as Array<{ sEmail: string; iLastSignInAt: number | null; bPasswordSet: boolean }>;
    expect(rows.find((r) => r.sEmail === email)).toMatchObject({ iLastSignInAt: null, bPasswordSet: false });
    expect(rows.find((r) => r.sEmail === support.email)?.iLastSignInAt).toEqual(expect.any(Number));
    expect(rows.find((r) => r.sEmail === support.email)?.bPasswordSet).toBe(true);

    // Own account, and one who has signed in: refused, nothing mailed.
    expect((await consoleCall(t, 'operatorResendWelcome', { sEmail: rootEmail, sReason: 'x' }, token)).iErrorCode).toBe(
      ErrorCode.CONSOLE_OWN_ACCOUNT,
    );
    const signedIn = await consoleCall(t, 'operatorResendWelcome', { sEmail: support.email, sReason: 'x' }, token);
    expect(signedIn.iErrorCode).toBe(ErrorCode.ALREADY_DONE);
    expect(signedIn.sMessage).toContain(`${support.email} has already set a password and signed in`);
    const cli = await admin(t, 'operator', 'resend-welcome', support.email);
    expect(cli.exitCode).toBe(1);
    expect(cli.output).toContain('nothing was mailed');
    expect((await admin(t, 'operator', 'resend-welcome', operatorEmail('nobody'))).exitCode).toBe(1);

    const id = await userIdOf(email);
    const rowsOf = (await auditOf(id)).filter((row) => row.action === 'operator.resendWelcome');
    expect(rowsOf.map((row) => row.actor).sort()).toEqual(['cli:tester', `console:${rootEmail}`]);
    expect(JSON.parse(rowsOf.find((row) => row.actor !== 'cli:tester')?.detail ?? '{}')).toMatchObject({
      reason: 'lost the mail',
      role: 'moderator',
    });
  });

  it('the audit log reads one bulk batch by its id, within a window of days', async () => {
    const token = await anotherSession(root);
    const made = await consoleCall(
      t,
      'inviteCreate',
      { iCount: 3, iMaxUses: 1, sEmail: '', iExpiresAt: 0, sReason: 'batch test' },
      token,
    );
    const codes = made.aCodes as string[];
    const bulk = await consoleCall(
      t,
      'consoleBulk',
      { sAction: 'inviteRevoke', aItems: [...codes, 'NOSUCHCODE'], pInput: { sReason: 'Leaked' } },
      token,
    );
    expect(bulk.iErrorCode).toBe(0);
    const batch = bulk.sBatchID as string;
    const now = clock.now();
    const window = { iSince: now - 86_400_000, iUntil: now + 86_400_000 };
    const listed = await consoleCall(t, 'auditList', { sBatch: batch, ...window }, token);
    expect(listed).toMatchObject({ iErrorCode: 0, iTotal: 3 });
    const rows = listed.aRows as Array<{ sAction: string; pDetail: { batchId: string; code: string } }>;
    expect(rows.map((r) => r.pDetail.code).sort()).toEqual([...codes].sort());
    expect(rows.every((r) => r.sAction === 'invite.revoke' && r.pDetail.batchId === batch)).toBe(true);
    // Bounded: a batch is read only within a window of at most three days, and named by its id.
    for (const input of [
      { sBatch: batch },
      { sBatch: batch, iSince: now - 5 * 86_400_000, iUntil: now },
      { sBatch: '%', ...window },
    ]) {
      expect((await consoleCall(t, 'auditList', input, token)).iErrorCode).toBe(ErrorCode.BAD_INPUT);
    }
    expect((await consoleCall(t, 'auditExport', { sBatch: batch, ...window }, token)).iRows).toBe(3);
  });

  it('the CLI grant says why it refused, in the console’s words', async () => {
    const email = uniqueEmail('grantee');
    await signUp(t, email);
    await register(t, { userId: await userIdOf(email) });
    expect((await admin(t, 'grant', 'points', email, '30', 'A gift')).exitCode).toBe(0);
    const over = await admin(t, 'grant', 'points', email, '-999999', 'Too much');
    expect(over.exitCode).toBe(1);
    expect(over.output).toMatch(/^Not granted: The member holds \d+ points: a take-back can be at most that\.$/);
    expect(over.output).not.toContain('not-enough');
    const back = await admin(t, 'grant', 'points', email, '-30', 'Granted twice');
    expect(back).toMatchObject({ exitCode: 0, output: expect.stringContaining('Took back 30 points') });
  });
});
