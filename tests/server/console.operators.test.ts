import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole, ROLE_PERMISSIONS, roleMay } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import { grantCapFor, roleOf } from '../../src/server/features/operators/index';
import { auditCsv, listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import {
  admin,
  bearer,
  CONSOLE_SIGN_IN,
  consoleCall,
  consoleSignIn,
  type EnrolledOperator,
  enrolledOperator,
  freshTotp,
  OPERATOR_PASSWORD,
  post,
  signInOperator,
  startEnrolment,
  totp,
  welcomeToken,
} from '../support/operators';
import { closeTestApp, PASSWORD, ROOMY_LIMITS, signIn, signUp, uniqueEmail } from './identityHelpers';

const GATE_CODES: number[] = [
  ErrorCode.CONSOLE_NOT_OPERATOR,
  ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
  ErrorCode.CONSOLE_SESSION_EXPIRED,
  ErrorCode.CONSOLE_FORBIDDEN,
];

/** A six-digit code that is not the current one. */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

describe.each(DIALECTS)('operators and the console gate on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock(Date.now());
  let root: EnrolledOperator;
  const rootEmail = `root.${process.pid}@studio.example`;
  const operatorEmail = (prefix: string) => uniqueEmail(prefix).replace('@example.com', '@studio.example');

  /**
   * A fresh console session of the root admin (earlier ones may have gone idle on the test clock).
   * Each TOTP code works once (issue 35): past the three a minute allows, a backup code signs in.
   */
  let backupCodesUsed = 1;
  const rootToken = async () => {
    let second: { code?: string; backupCode?: string };
    try {
      second = { code: freshTotp(root.secret) };
    } catch {
      second = { backupCode: root.backupCodes[backupCodesUsed++] as string };
    }
    const signedIn = await consoleSignIn(t, rootEmail, second);
    return signedIn.token as string;
  };
  /** A root console session confirmed afresh (issue 35): role and cap changes need it. */
  const confirmedRootToken = async () => {
    const token = await rootToken();
    const confirmed = await consoleCall(
      t,
      'confirmIdentity',
      { sPassword: OPERATOR_PASSWORD, sCode: root.backupCodes[backupCodesUsed++] as string },
      token,
    );
    expect(confirmed.iErrorCode).toBe(0);
    return token;
  };
  const accountId = async (email: string) =>
    (await t.deps.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: ROOMY_LIMITS },
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    root = await enrolledOperator(t, rootEmail, 'admin');
  });
  afterAll(() => closeTestApp(t));

  it('operator add creates the account and mails a one-time link that sets its password', async () => {
    const email = operatorEmail('support');
    const added = await admin(t, 'operator', 'add', email, '--role', 'support');
    expect(added).toEqual({
      output: `Created ${email} as support; a link to set the password and enrol two-factor was mailed`,
      exitCode: 0,
    });
    // No password until the link sets one.
    expect((await signInOperator(t, email)).status).toBe(401);
    const token = await welcomeToken(t, email);
    expect((await post(t, '/api/auth/reset-password', { token, newPassword: OPERATOR_PASSWORD })).status).toBe(200);
    const signedIn = await signInOperator(t, email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['set-auth-token']).toEqual(expect.any(String));
    // The link works once.
    expect((await post(t, '/api/auth/reset-password', { token, newPassword: 'another pass phrase' })).status).toBe(400);

    expect((await admin(t, 'operator', 'list')).output).toMatch(
      new RegExp(`${email.replace(/\./g, '\\.')}\\s+support\\s+no 2fa yet`),
    );
    const [entry] = (await listAudit(t.deps.db, 500)).filter(
      (row) => row.action === 'operator.add' && JSON.parse(row.detail).email === email,
    );
    expect(entry).toMatchObject({ actor: 'cli:tester', member_id: await accountId(email) });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ role: 'support', from: null });
  });

  it('operator add promotes an existing member, and refuses bad usage', async () => {
    const email = uniqueEmail('promoted');
    await signUp(t, email);
    const promoted = await admin(t, 'operator', 'add', email, '--role', 'viewer');
    expect(promoted.output).toContain(`Promoted ${email} as viewer`);
    expect((await admin(t, 'operator', 'list')).output).toContain(email);
    for (const args of [
      ['operator', 'add', email],
      ['operator', 'add', email, '--role', 'user'],
      ['operator', 'add', 'not-an-email', '--role', 'viewer'],
      ['operator', 'role', email],
      ['operator', 'explode'],
    ]) {
      const result = await admin(t, ...args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.output, args.join(' ')).toContain('Usage:');
    }
    expect(await admin(t, 'operator', 'role', 'nobody@studio.example', 'viewer')).toEqual({
      output: 'No operator nobody@studio.example',
      exitCode: 1,
    });
  });

  it('shows the operator and audit commands with examples under --help', async () => {
    const help = await admin(t, 'operator', '--help');
    expect(help.exitCode).toBe(0);
    expect(help.output).toContain('operator add EMAIL --role ROLE');
    expect(help.output).toContain('npm run admin -- operator add ada@studio.example --role admin');
    const auditHelp = await admin(t, 'audit', '--help');
    expect(auditHelp.output).toContain('audit [--member USER] [--operator EMAIL] [--action A] [--since ISO]');
  });

  it('enrols TOTP: an otpauth URI with its secret, 10 backup codes, a code from the secret confirms it', async () => {
    const email = operatorEmail('enrol');
    await admin(t, 'operator', 'add', email, '--role', 'moderator');
    await post(t, '/api/auth/reset-password', { token: await welcomeToken(t, email), newPassword: OPERATOR_PASSWORD });
    const enrolment = await startEnrolment(t, email);
    expect(enrolment.uri.protocol).toBe('otpauth:');
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(enrolment.backupCodes).toHaveLength(10);

    // Signed in with the password alone: no console yet.
    expect(await consoleCall(t, 'whoami', {}, enrolment.token)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
    });
    const code = totp(enrolment.secret);
    const wrong = await post(t, '/api/auth/two-factor/verify-totp', { code: wrongCode(code) }, bearer(enrolment.token));
    expect(wrong.status).toBe(401);
    expect(await consoleCall(t, 'whoami', {}, enrolment.token)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
    });

    const confirmed = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code },
      { ...bearer(enrolment.token), ...CONSOLE_SIGN_IN },
    );
    expect(confirmed.status).toBe(200);
    const token = confirmed.headers['set-auth-token'] as string;
    expect(await consoleCall(t, 'whoami', {}, token)).toEqual({
      iErrorCode: 0,
      sUserId: await accountId(email),
      sEmail: email,
      sRole: 'moderator',
      aPermissions: [...ROLE_PERMISSIONS.moderator],
      iIdleMinutes: 30,
    });
    const actions = (await listAudit(t.deps.db, 500))
      .filter((row) => row.member_id === (confirmed.body.user as { id: string }).id)
      .map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['identity.twoFactor.enrolStarted', 'identity.twoFactor.enabled']));
  });

  it('signs in with the password, then a TOTP code or a backup code; wrong and used codes are refused', async () => {
    const first = await signInOperator(t, rootEmail);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, iErrorCode: 0 });
    expect(first.headers['set-auth-token']).toBeUndefined();
    const challenge = first.headers['set-two-factor-token'] as string;
    expect(challenge).toMatch(/two_factor=/);

    const code = freshTotp(root.secret);
    const noChallenge = await post(t, '/api/auth/two-factor/verify-totp', { code });
    expect(noChallenge.status).toBe(401);
    const wrong = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code: wrongCode(code) },
      { 'x-two-factor-token': challenge },
    );
    expect(wrong.status).toBe(401);
    const right = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code },
      { 'x-two-factor-token': challenge, ...CONSOLE_SIGN_IN },
    );
    expect(right.status).toBe(200);
    const token = right.headers['set-auth-token'] as string;
    expect(await consoleCall(t, 'whoami', {}, token)).toMatchObject({ iErrorCode: 0, sRole: 'admin' });

    const backupCode = root.backupCodes[0] as string;
    const byBackup = await consoleSignIn(t, rootEmail, { backupCode });
    expect(byBackup.verified.status).toBe(200);
    expect(await consoleCall(t, 'whoami', {}, byBackup.token)).toMatchObject({ iErrorCode: 0, sEmail: rootEmail });
    const usedAgain = await consoleSignIn(t, rootEmail, { backupCode });
    expect(usedAgain.verified.status).toBe(401);
    expect(usedAgain.token).toBeUndefined();

    // signOut ends the console session.
    expect(await consoleCall(t, 'signOut', {}, byBackup.token)).toEqual({ iErrorCode: 0 });
    expect(await consoleCall(t, 'whoami', {}, byBackup.token)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_NOT_OPERATOR,
    });
  });

  it('audits sign-in success and failure, and second factors that fail', async () => {
    const before = Math.max(0, ...(await listAudit(t.deps.db, 1)).map((row) => Number(row.id)));
    const member = uniqueEmail('audited');
    await signUp(t, member);
    expect((await signIn(t, member, 'not the password')).status).toBe(401);
    expect((await signIn(t, member, PASSWORD)).status).toBe(200);
    await consoleSignIn(t, rootEmail, { code: wrongCode(totp(root.secret)) });
    const memberId = await accountId(member);
    const rootId = await accountId(rootEmail);
    const entries = (await listAudit(t.deps.db, 500)).filter((row) => Number(row.id) > before).reverse();
    expect(entries.map((row) => [row.actor, row.action, row.member_id])).toEqual([
      [`self:${member}`, 'identity.signIn.failed', memberId],
      [`self:${member}`, 'identity.signIn', memberId],
      [`self:${rootEmail}`, 'identity.signIn.passwordAccepted', rootId],
      [`self:${rootEmail}`, 'identity.twoFactor.failed', rootId],
    ]);
  });

  it('audits password and two-factor changes of the account itself', async () => {
    const email = operatorEmail('changes');
    const op = await enrolledOperator(t, email, 'viewer');
    // Issue 35: a console session changes its own password after a fresh confirmation.
    expect(
      await consoleCall(t, 'confirmIdentity', { sPassword: OPERATOR_PASSWORD, sCode: freshTotp(op.secret) }, op.token),
    ).toMatchObject({ iErrorCode: 0 });
    const changed = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: OPERATOR_PASSWORD, newPassword: 'a newer pass phrase' },
      bearer(op.token),
    );
    expect(changed.status).toBe(200);
    const codes = await post(
      t,
      '/api/auth/two-factor/generate-backup-codes',
      { password: 'a newer pass phrase' },
      bearer(op.token),
    );
    expect(codes.status).toBe(200);
    const id = await accountId(email);
    const actions = (await listAudit(t.deps.db, 500)).filter((row) => row.member_id === id).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['identity.password.changed', 'identity.twoFactor.backupCodesRenewed']),
    );
  });

  it('refuses every console action without an operator: no token, a broken token, a member token', async () => {
    expect(t.consoleActions.map((a) => a.name)).toEqual(
      expect.arrayContaining(['whoami', 'operatorsList', 'operatorSetRole', 'grantCapSet', 'auditList', 'auditExport']),
    );
    const member = await signUp(t, uniqueEmail('member'));
    for (const action of t.consoleActions) {
      for (const token of [undefined, 'broken.token', member]) {
        expect(await consoleCall(t, action.name, {}, token), `${action.name} ${token ?? 'no token'}`).toMatchObject({
          iErrorCode: ErrorCode.CONSOLE_NOT_OPERATOR,
          sMessage: expect.any(String),
        });
      }
    }
    expect(await consoleCall(t, 'noSuchAction', {}, root.token)).toMatchObject({
      iErrorCode: ErrorCode.UNKNOWN_ACTION,
    });
  });

  it('refuses every console action to an operator who has not passed the second factor', async () => {
    const email = operatorEmail('halfway');
    await admin(t, 'operator', 'add', email, '--role', 'admin');
    await post(t, '/api/auth/reset-password', { token: await welcomeToken(t, email), newPassword: OPERATOR_PASSWORD });
    const { token } = await startEnrolment(t, email);
    for (const action of t.consoleActions) {
      expect(await consoleCall(t, action.name, {}, token), action.name).toMatchObject({
        iErrorCode: ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
      });
    }
    await admin(t, 'operator', 'remove', email);
  });

  it('per role, answers CONSOLE_FORBIDDEN exactly for the actions whose permission the role lacks', async () => {
    const tokens: Record<ConsoleRole, string> = {
      admin: await rootToken(),
      moderator: (await enrolledOperator(t, operatorEmail('moderator'), 'moderator')).token,
      support: (await enrolledOperator(t, operatorEmail('support'), 'support')).token,
      viewer: (await enrolledOperator(t, operatorEmail('viewer'), 'viewer')).token,
    };
    // Viewers read and change nothing.
    expect(ROLE_PERMISSIONS.viewer.every((p) => p.endsWith(':read'))).toBe(true);
    for (const role of CONSOLE_ROLES) {
      for (const action of t.consoleActions) {
        if (action.name === 'signOut') continue;
        // An empty body: allowed actions answer or refuse their input, never the gate's codes.
        const answer = await consoleCall(t, action.name, {}, tokens[role]);
        if (roleMay(role, action.permission))
          expect(GATE_CODES, `${role} ${action.name}`).not.toContain(answer.iErrorCode);
        else expect(answer.iErrorCode, `${role} ${action.name}`).toBe(ErrorCode.CONSOLE_FORBIDDEN);
      }
    }
    const change = { sEmail: rootEmail, sRole: 'viewer', sReason: 'take over' };
    expect(await consoleCall(t, 'operatorSetRole', change, tokens.moderator)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
    });
    const cap = { sRole: 'support', iMaxAmount: 1_000_000, sReason: 'more' };
    for (const role of ['moderator', 'support', 'viewer'] as const) {
      expect(await consoleCall(t, 'grantCapSet', cap, tokens[role])).toMatchObject({
        iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
      });
    }
    expect(await grantCapFor(t.deps.db, 'support')).toBe(1000);
  });

  it('lets an admin change a role and a grant cap from the console, audited; never the last admin', async () => {
    const token = await confirmedRootToken();
    const mod = await enrolledOperator(t, operatorEmail('mod'), 'moderator');
    expect(
      await consoleCall(t, 'operatorSetRole', { sEmail: mod.email, sRole: 'support', sReason: 'covering' }, token),
    ).toMatchObject({ iErrorCode: 0, sFromRole: 'moderator', pOperator: { sEmail: mod.email, sRole: 'support' } });
    expect(await consoleCall(t, 'whoami', {}, mod.token)).toMatchObject({ sRole: 'support' });
    const [roleEntry] = (await listAudit(t.deps.db, 500)).filter((row) => row.action === 'operator.role');
    expect(roleEntry).toMatchObject({ actor: `console:${rootEmail}`, member_id: await accountId(mod.email) });
    expect(JSON.parse(roleEntry?.detail ?? '{}')).toEqual({
      email: mod.email,
      from: 'moderator',
      to: 'support',
      reason: 'covering',
    });

    const capped = await consoleCall(
      t,
      'grantCapSet',
      { sRole: 'support', iMaxAmount: 250, sReason: 'new policy' },
      token,
    );
    expect(capped).toMatchObject({ iErrorCode: 0 });
    expect(capped.aGrantCaps).toContainEqual({ sRole: 'support', iMaxAmount: 250 });
    expect(await grantCapFor(t.deps.db, 'support')).toBe(250);
    expect((await admin(t, 'operator', 'cap', 'support', 'none')).exitCode).toBe(0);
    expect(await grantCapFor(t.deps.db, 'support')).toBeNull();
    expect((await listAudit(t.deps.db, 500)).filter((row) => row.action === 'operator.grantCap')).toHaveLength(2);

    expect(
      await consoleCall(t, 'operatorSetRole', { sEmail: rootEmail, sRole: 'viewer', sReason: 'x' }, token),
    ).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_LAST_ADMIN,
    });
    expect((await admin(t, 'operator', 'remove', rootEmail)).exitCode).toBe(1);
    expect(
      await consoleCall(
        t,
        'operatorSetRole',
        { sEmail: 'nobody@studio.example', sRole: 'viewer', sReason: 'x' },
        token,
      ),
    ).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_NO_SUCH_OPERATOR });
    expect(await consoleCall(t, 'operatorSetRole', { sEmail: mod.email, sRole: 'viewer' }, token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    const listed = await consoleCall(t, 'operatorsList', {}, token);
    // Issue 38: with the last sign-in and whether a password is set.
    expect(listed.aRows).toContainEqual({
      sUserId: await accountId(rootEmail),
      sEmail: rootEmail,
      sRole: 'admin',
      bTwoFactor: true,
      iLastSignInAt: expect.any(Number),
      bPasswordSet: true,
    });
  });

  it('operator remove demotes to member and ends the console sessions', async () => {
    const viewer = await enrolledOperator(t, operatorEmail('leaving'), 'viewer');
    expect(await consoleCall(t, 'whoami', {}, viewer.token)).toMatchObject({ iErrorCode: 0 });
    const removed = await admin(t, 'operator', 'remove', viewer.email);
    expect(removed).toEqual({ output: `${viewer.email} is a member again; 1 console session(s) ended`, exitCode: 0 });
    expect(await consoleCall(t, 'whoami', {}, viewer.token)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_NOT_OPERATOR,
    });
    expect((await admin(t, 'operator', 'list')).output).not.toContain(viewer.email);
    // The operators' own table says who is an operator (decision 0248).
    const { id } = await t.deps.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', viewer.email)
      .executeTakeFirstOrThrow();
    const role = { role: (await roleOf(t.deps.db, id)) ?? 'user' };
    expect(role).toEqual({ role: 'user' });
    // A member again: the password alone signs in (no second factor), and that session opens no console.
    const asMember = await signInOperator(t, viewer.email);
    expect(asMember.body.twoFactorRedirect).toBeUndefined();
    expect(await consoleCall(t, 'whoami', {}, asMember.headers['set-auth-token'] as string)).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_NOT_OPERATOR,
    });
  });

  it("answers 404 on the admin plugin's routes: every lever goes through the audited console", async () => {
    const token = await rootToken();
    for (const path of [
      '/admin/set-role',
      '/admin/ban-user',
      '/admin/impersonate-user',
      '/admin/create-user',
      '/admin/remove-user',
    ]) {
      const response = await post(t, `/api/auth${path}`, { userId: 'x', role: 'admin' }, bearer(token));
      expect(response.status, path).toBe(404);
    }
  });

  it('filters the audit log by operator, member, action and time, newest first and paged; exports CSV', async () => {
    const token = await rootToken();
    const member = uniqueEmail('trail');
    await signUp(t, member);
    await signIn(t, member, 'wrong password');
    const memberId = await accountId(member);

    const byMember = await consoleCall(t, 'auditList', { sMember: member }, token);
    expect(byMember).toMatchObject({ iErrorCode: 0, iTotal: 1 });
    expect(byMember.aRows).toEqual([
      expect.objectContaining({ sActor: `self:${member}`, sAction: 'identity.signIn.failed', sMemberId: memberId }),
    ]);
    expect(await consoleCall(t, 'auditList', { sMember: 'nobody-here' }, token)).toMatchObject({
      iTotal: 0,
      aRows: [],
    });

    const byOperator = (await consoleCall(t, 'auditList', { sOperator: rootEmail, iPageSize: 200 }, token))
      .aRows as Array<{
      sActor: string;
    }>;
    expect(byOperator.length).toBeGreaterThan(3);
    expect(new Set(byOperator.map((row) => row.sActor))).toEqual(
      new Set([`self:${rootEmail}`, `console:${rootEmail}`]),
    );

    const operatorChanges = await consoleCall(t, 'auditList', { sAction: 'operator.' }, token);
    const rows = operatorChanges.aRows as Array<{ iId: number; sAction: string }>;
    expect(rows.every((row) => row.sAction.startsWith('operator.'))).toBe(true);
    expect(rows.map((row) => row.sAction)).toEqual(
      expect.arrayContaining(['operator.add', 'operator.role', 'operator.remove']),
    );

    const page1 = await consoleCall(t, 'auditList', { iPage: 1, iPageSize: 3 }, token);
    const page2 = await consoleCall(t, 'auditList', { iPage: 2, iPageSize: 3 }, token);
    const ids = [...(page1.aRows as Array<{ iId: number }>), ...(page2.aRows as Array<{ iId: number }>)].map(
      (r) => r.iId,
    );
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(6);
    expect(page1.iTotal).toBe(page2.iTotal);

    clock.advance(60_000);
    const since = clock.now();
    const freshToken = await rootToken();
    const recent = await consoleCall(t, 'auditList', { iSince: since }, freshToken);
    expect((recent.aRows as Array<{ iAt: number }>).every((row) => row.iAt >= since)).toBe(true);
    expect(recent.iTotal).toBe(2); // the password step and the code of that sign-in
    expect(await consoleCall(t, 'auditList', { iUntil: since }, freshToken)).toMatchObject({
      iTotal: page1.iTotal,
    });
    expect(await consoleCall(t, 'auditList', { iPageSize: 500 }, freshToken)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });

    const exported = await consoleCall(t, 'auditExport', { sAction: 'operator.' }, freshToken);
    const lines = String(exported.sCsv).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,actor,action,member_id,detail');
    expect(lines).toHaveLength((exported.iRows as number) + 1);
    expect(exported.iRows).toBe(operatorChanges.iTotal);
    expect(lines.slice(1).every((line) => /^\d+,\d{4}-\d\d-\d\dT[^,]+Z,[^,]+,operator\./.test(line))).toBe(true);

    const cli = await admin(t, 'audit', '--member', member, '--csv');
    expect(cli.output.split('\r\n')).toHaveLength(2);
    expect(cli.output).toContain(`self:${member},identity.signIn.failed,${memberId}`);
    expect((await admin(t, 'audit', '--operator', rootEmail, '--action', 'operator.role')).output).toContain(
      `console:${rootEmail}  operator.role`,
    );
    expect((await admin(t, 'audit', '--since', 'yesterday-ish')).exitCode).toBe(2);
  });

  it('ends a console session idle past CONSOLE_IDLE_MINUTES; one in use stays open', async () => {
    const token = await rootToken();
    clock.advance(29 * 60_000);
    expect(await consoleCall(t, 'whoami', {}, token)).toMatchObject({ iErrorCode: 0 });
    clock.advance(29 * 60_000);
    expect(await consoleCall(t, 'whoami', {}, token)).toMatchObject({ iErrorCode: 0 });
    clock.advance(31 * 60_000);
    expect(await consoleCall(t, 'whoami', {}, token)).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_SESSION_EXPIRED });
    // The session ended with it: the same token now names no session.
    expect(await consoleCall(t, 'whoami', {}, token)).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_NOT_OPERATOR });
    expect(await consoleCall(t, 'whoami', {}, await rootToken())).toMatchObject({ iErrorCode: 0 });
  });
});

describe('audit CSV', () => {
  it('quotes cells and defuses spreadsheet formulas', () => {
    const csv = auditCsv([
      {
        id: 1,
        actor: 'cli:x',
        action: 'a',
        detail: '{"note":"=HYPERLINK(1), \\"q\\""}',
        created_at: 0,
        member_id: null,
      },
      { id: 2, actor: '=cmd', action: 'b', detail: '{}', created_at: 0, member_id: 'm' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,at,actor,action,member_id,detail',
      '1,1970-01-01T00:00:00.000Z,cli:x,a,,"{""note"":""=HYPERLINK(1), \\""q\\""""}"',
      '2,1970-01-01T00:00:00.000Z,"\'=cmd",b,m,{}',
      '',
    ]);
  });
});
