import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsolePermission, type ConsoleRole, roleMay } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import { erasureSteps, runErasures } from '../../src/server/features/identity/deletion';
import { roleOf as operatorRoleOf } from '../../src/server/features/operators/index';
import { createAccountWithRole } from '../../src/server/features/operators/operatorAccounts';
import { findBalance } from '../../src/server/features/rewards/index';
import { listAudit } from '../../src/server/shared/audit';
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
  totp,
} from '../support/operators';
import { register } from '../support/rewardsHelpers';
import { authenticationResponse, registrationResponse, softPasskey } from '../support/webauthn';
import { closeTestApp, outbox, PASSWORD, ROOMY_LIMITS, signIn, signUp, uniqueEmail } from './identityHelpers';

/**
 * Issue 35, the operators' trust model against an insider: no endpoint hands out another
 * session's bearer value; ranks on every lever; passkeys with user verification and fresh
 * confirmations; erasure and bans end roles; TOTP codes once; daily grant totals and strict
 * amounts; and the smaller findings (ban reasons of passkey sign-ins, backup codes at deletion,
 * audited resets and refusals, console tokens kept to the console).
 */
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const MINUTE = 60_000;

describe.each(DIALECTS)("the operators' trust model on %s", (dialect) => {
  let t: TestApp;
  const clock = testClock(Date.now());
  const op = {} as Record<ConsoleRole, EnrolledOperator>;
  const opEmail = (role: string) => `${role}.${dialect}.trust@studio.example`;
  let seq = 0;

  const auditRows = async () =>
    (await listAudit(t.deps.db, 5000)).map((row) => ({
      ...row,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
  const userIdOf = async (email: string) =>
    (await t.deps.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  /** The account's console role, `user` for a member: the operators' own table says (decision 0248). */
  const roleOf = async (userId: string) => (await operatorRoleOf(t.deps.db, userId)) ?? 'user';
  /** A registered member: its account id and session token. */
  async function member(label: string) {
    const email = uniqueEmail(label);
    const token = await signUp(t, email);
    const userId = await userIdOf(email);
    await register(t, { userId });
    return { email, token, userId };
  }
  /** A new console session of an enrolled operator (each TOTP code once: a fresh one, else a backup code). */
  const backupUsed: Record<string, number> = {};
  async function consoleToken(who: EnrolledOperator): Promise<string> {
    let second: { code?: string; backupCode?: string };
    try {
      second = { code: freshTotp(who.secret) };
    } catch {
      backupUsed[who.email] = (backupUsed[who.email] ?? 0) + 1;
      second = { backupCode: who.backupCodes[backupUsed[who.email] as number] as string };
    }
    const signedIn = await consoleSignIn(t, who.email, second);
    if (!signedIn.token) throw new Error(`console sign-in: ${JSON.stringify(signedIn.verified.body)}`);
    return signedIn.token;
  }
  /** A backup code of the operator not used yet (confirmations in the console). */
  function backupCode(who: EnrolledOperator): string {
    backupUsed[who.email] = (backupUsed[who.email] ?? 0) + 1;
    return who.backupCodes[backupUsed[who.email] as number] as string;
  }
  const auth = (path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
    options.body === undefined
      ? t.app
          .inject({ method: 'GET', url: `/api/auth${path}`, headers: { ...bearer(options.token), ...options.headers } })
          .then((r) => ({ status: r.statusCode, body: r.json() as Record<string, unknown>, headers: r.headers }))
      : post(t, `/api/auth${path}`, options.body, { ...bearer(options.token), ...options.headers });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: ROOMY_LIMITS },
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    for (const role of CONSOLE_ROLES) op[role] = await enrolledOperator(t, opEmail(role), role);
  });
  afterAll(() => closeTestApp(t));

  describe('1. bearer values', () => {
    it('the list of sessions carries no bearer value, and a trusted device or a passkey opens no console', async () => {
      const moderator = op.moderator;
      // Password + TOTP + trust this device (a console session), then the trusted device alone.
      const first = await post(t, '/api/auth/sign-in/email', { email: moderator.email, password: OPERATOR_PASSWORD });
      const verified = await post(
        t,
        '/api/auth/two-factor/verify-totp',
        { code: freshTotp(moderator.secret), trustDevice: true },
        { 'x-two-factor-token': first.headers['set-two-factor-token'] as string, ...CONSOLE_SIGN_IN },
      );
      const consoleToken = verified.headers['set-auth-token'] as string;
      expect((await consoleCall(t, 'whoami', {}, consoleToken)).iErrorCode).toBe(0);
      const trusted = await post(
        t,
        '/api/auth/sign-in/email',
        { email: moderator.email, password: OPERATOR_PASSWORD },
        { 'x-trusted-device': verified.headers['set-trusted-device'] as string },
      );
      const trustedToken = trusted.headers['set-auth-token'] as string;
      expect(trustedToken).toBeTruthy();
      expect((await consoleCall(t, 'whoami', {}, trustedToken)).iErrorCode).toBe(
        ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
      );

      const listed = await auth('/list-sessions', { token: trustedToken });
      expect(listed.status).toBe(404);
      expect(JSON.stringify(listed.body)).not.toContain(consoleToken.split('.')[0]);
      // Nothing else the trusted session may call answers another session's token either.
      const session = await auth('/get-session', { token: trustedToken });
      expect(JSON.stringify(session.body)).not.toContain(consoleToken.split('.')[0]);

      // A code sent with the trusted session (not a sign-in's) makes no console session of it.
      const stepUp = await post(
        t,
        '/api/auth/two-factor/verify-backup-code',
        { code: moderator.backupCodes[9] as string },
        { ...bearer(trustedToken), ...CONSOLE_SIGN_IN },
      );
      expect(stepUp.status).toBe(200);
      expect((await consoleCall(t, 'whoami', {}, trustedToken)).iErrorCode).toBe(
        ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
      );

      // An idle console token does nothing on Better Auth's routes either.
      clock.advance(31 * MINUTE);
      expect((await auth('/get-session', { token: consoleToken })).body.iErrorCode).toBe(
        ErrorCode.CONSOLE_SESSION_EXPIRED,
      );
    });
  });

  describe('2. ranks', () => {
    /** Every lever on one account, the body it is called with, and its permission. */
    const LEVERS: Array<{ action: string; permission: ConsolePermission; body: Record<string, unknown> }> = [
      { action: 'memberBan', permission: 'member:ban', body: { sReason: 'rank test' } },
      { action: 'memberUnban', permission: 'member:ban', body: { sReason: 'rank test' } },
      { action: 'memberMute', permission: 'member:mute', body: { sReason: 'rank test' } },
      { action: 'memberSessionsRevoke', permission: 'member:sessions', body: { sReason: 'rank test' } },
      { action: 'memberForcePasswordReset', permission: 'member:account', body: { sReason: 'rank test' } },
      { action: 'memberResendVerification', permission: 'member:account', body: { sReason: 'rank test' } },
      {
        action: 'memberGrant',
        permission: 'member:grant',
        body: { sAsset: 'points', iAmount: 1, sReason: 'rank test' },
      },
      {
        action: 'memberGrant',
        permission: 'member:grant',
        body: { sAsset: 'points', iAmount: -1, sReason: 'rank test (take back)' },
      },
    ];
    const RANK: Record<ConsoleRole, number> = { admin: 3, moderator: 2, support: 2, viewer: 1 };

    it('every lever × every pair of roles, the target an operator: equal or higher rank refused, admins on admins audited', async () => {
      const tokens = {} as Record<ConsoleRole, string>;
      for (const role of CONSOLE_ROLES) tokens[role] = await consoleToken(op[role]);
      const outcomes: string[] = [];
      for (const actor of CONSOLE_ROLES) {
        for (const targetRole of CONSOLE_ROLES) {
          for (const lever of LEVERS) {
            // A fresh account with the target's role for each call: a ban ends the role it tests.
            seq += 1;
            const targetId = await createAccountWithRole(
              t.deps.db,
              `target${seq}.${dialect}@studio.example`,
              targetRole,
              {
                actor: 'test',
                now: clock.now(),
              },
            );
            const answer = await consoleCall(
              t,
              lever.action,
              { ...lever.body, sUserID: targetId, sKey: `rank-key-${dialect}-${seq}` },
              tokens[actor],
            );
            const expected = !roleMay(actor, lever.permission)
              ? ErrorCode.CONSOLE_FORBIDDEN
              : RANK[targetRole] >= RANK[actor] && !(actor === 'admin' && targetRole === 'admin')
                ? ErrorCode.CONSOLE_TARGET_OUTRANKS
                : 'passes';
            const got = answer.iErrorCode as number;
            const passed =
              got !== ErrorCode.CONSOLE_FORBIDDEN &&
              got !== ErrorCode.CONSOLE_TARGET_OUTRANKS &&
              got !== ErrorCode.CONSOLE_OWN_ACCOUNT;
            outcomes.push(
              `${actor}→${targetRole} ${lever.action}: ${expected === 'passes' ? passed : got === expected}`,
            );
            if (expected === ErrorCode.CONSOLE_TARGET_OUTRANKS) expect(await roleOf(targetId)).toBe(targetRole);
          }
        }
      }
      expect(outcomes.filter((line) => line.endsWith('false'))).toEqual([]);
      // Refusals are audited, above the role (82) and of rank (88); an admin acting on an admin too.
      const audit = await auditRows();
      expect(audit.some((r) => r.action === 'console.refused' && r.detail.code === ErrorCode.CONSOLE_FORBIDDEN)).toBe(
        true,
      );
      expect(
        audit.some(
          (r) =>
            r.action === 'console.refused' &&
            r.detail.code === ErrorCode.CONSOLE_TARGET_OUTRANKS &&
            r.actor === `console:${op.moderator.email}`,
        ),
      ).toBe(true);
      expect(audit.some((r) => r.action === 'console.onAdmin' && r.actor === `console:${op.admin.email}`)).toBe(true);
    });

    it('a moderator cannot ban an admin, whose console keeps working; no operator uses a lever on their own account', async () => {
      const adminToken = await consoleToken(op.admin);
      const moderatorToken = await consoleToken(op.moderator);
      const adminId = await userIdOf(op.admin.email);
      const refused = await consoleCall(
        t,
        'memberBan',
        { sUserID: adminId, sReason: 'locking the admins out' },
        moderatorToken,
      );
      expect(refused).toMatchObject({
        iErrorCode: ErrorCode.CONSOLE_TARGET_OUTRANKS,
        sMessage: expect.stringContaining('operator'),
      });
      expect((await consoleCall(t, 'whoami', {}, adminToken)).iErrorCode).toBe(0);
      expect(await roleOf(adminId)).toBe('admin');

      const supportToken = await consoleToken(op.support);
      const supportId = await userIdOf(op.support.email);
      for (const [token, action, body] of [
        [supportToken, 'memberGrant', { sAsset: 'points', iAmount: 10, sKey: `self-${dialect}-1`, sReason: 'me' }],
        [adminToken, 'memberGrant', { sAsset: 'points', iAmount: 10, sKey: `self-${dialect}-2`, sReason: 'me' }],
        [adminToken, 'memberBan', { sReason: 'me' }],
        [supportToken, 'memberSessionsRevoke', { sReason: 'me' }],
      ] as const) {
        const userId = token === supportToken ? supportId : adminId;
        expect((await consoleCall(t, action, { ...body, sUserID: userId }, token)).iErrorCode).toBe(
          ErrorCode.CONSOLE_OWN_ACCOUNT,
        );
      }
    });
  });

  describe('3. passkeys and fresh confirmations', () => {
    async function registerPasskey(token: string, uv: boolean) {
      const options = await auth('/passkey/generate-register-options', { token });
      if (options.status !== 200) return options;
      const key = softPasskey();
      const response = registrationResponse(key, {
        challenge: String(options.body.challenge),
        rpId: RP_ID,
        origin: ORIGIN,
        uv,
      });
      const verified = await auth('/passkey/verify-registration', {
        body: { response, name: 'Laptop' },
        token,
        headers: { 'x-passkey-challenge': options.headers['set-passkey-challenge'] as string, origin: ORIGIN },
      });
      return { ...verified, key };
    }
    async function passkeySignIn(key: ReturnType<typeof softPasskey>, uv: boolean) {
      const options = await auth('/passkey/generate-authenticate-options');
      expect(options.body.userVerification).toBe('required');
      const response = authenticationResponse(key, {
        challenge: String(options.body.challenge),
        rpId: RP_ID,
        origin: ORIGIN,
        uv,
      });
      return auth('/passkey/verify-authentication', {
        body: { response },
        headers: { 'x-passkey-challenge': options.headers['set-passkey-challenge'] as string, origin: ORIGIN },
      });
    }
    /** A member with two-factor on: email, secret, backup codes, token. */
    async function twoFactorMember() {
      const m = await member('sudo');
      const enabled = await auth('/two-factor/enable', { body: { password: PASSWORD }, token: m.token });
      const secret = new URL(String(enabled.body.totpURI)).searchParams.get('secret') ?? '';
      const verified = await auth('/two-factor/verify-totp', { body: { code: freshTotp(secret) }, token: m.token });
      return {
        ...m,
        secret,
        backupCodes: enabled.body.backupCodes as string[],
        token: verified.headers['set-auth-token'] as string,
      };
    }

    it('adding a passkey, changing the email or the password need a fresh confirmation (password and code)', async () => {
      const m = await twoFactorMember();
      // A bearer session alone no longer adds a passkey (the step: no password, no code).
      expect((await auth('/passkey/generate-register-options', { token: m.token })).body.iErrorCode).toBe(
        ErrorCode.CONFIRMATION_REQUIRED,
      );
      expect(
        (await auth('/change-email', { body: { newEmail: uniqueEmail('new') }, token: m.token })).body.iErrorCode,
      ).toBe(ErrorCode.CONFIRMATION_REQUIRED);
      expect(
        (
          await auth('/change-password', {
            body: { currentPassword: PASSWORD, newPassword: 'another long pass' },
            token: m.token,
          })
        ).body.iErrorCode,
      ).toBe(ErrorCode.CONFIRMATION_REQUIRED);

      // The confirmation: a wrong password, no code, then both.
      expect((await t.call('confirmIdentity', { sPassword: 'wrong one' }, m.token)).iErrorCode).toBe(
        ErrorCode.WRONG_PASSWORD,
      );
      expect((await t.call('confirmIdentity', { sPassword: PASSWORD }, m.token)).iErrorCode).toBe(
        ErrorCode.SECOND_FACTOR_CODE_REQUIRED,
      );
      const code = freshTotp(m.secret);
      expect(await t.call('confirmIdentity', { sPassword: PASSWORD, sCode: code }, m.token)).toMatchObject({
        iErrorCode: 0,
        iConfirmedUntil: clock.now() + 5 * MINUTE,
      });
      // The same code again: used.
      expect((await t.call('confirmIdentity', { sPassword: PASSWORD, sCode: code }, m.token)).iErrorCode).toBe(
        ErrorCode.TWO_FACTOR_CODE_USED,
      );

      // Within the window: a passkey without user verification is refused, one with it is added.
      const noUv = await registerPasskey(m.token, false);
      expect(noUv.body.iErrorCode).toBe(ErrorCode.PASSKEY_USER_VERIFICATION_REQUIRED);
      expect(await t.deps.db.selectFrom('passkey').select('id').where('userId', '=', m.userId).execute()).toEqual([]);
      const withUv = await registerPasskey(m.token, true);
      expect(withUv.status).toBe(200);

      // Signing in with it: without user verification refused, with it a session.
      const key = (withUv as { key: ReturnType<typeof softPasskey> }).key;
      const refused = await passkeySignIn(key, false);
      expect(refused.body.iErrorCode).toBe(ErrorCode.PASSKEY_USER_VERIFICATION_REQUIRED);
      expect(refused.headers['set-auth-token']).toBeUndefined();
      const signedIn = await passkeySignIn(key, true);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers['set-auth-token']).toBeTruthy();

      // Past the window the confirmation is over.
      clock.advance(5 * MINUTE + 1);
      expect((await auth('/passkey/generate-register-options', { token: m.token })).body.iErrorCode).toBe(
        ErrorCode.CONFIRMATION_REQUIRED,
      );
      // A confirmation holds for its session only.
      expect(
        (await t.call('confirmIdentity', { sPassword: PASSWORD, sCode: m.backupCodes[0] as string }, m.token))
          .iErrorCode,
      ).toBe(0);
      expect(
        (await auth('/passkey/generate-register-options', { token: signedIn.headers['set-auth-token'] as string })).body
          .iErrorCode,
      ).toBe(ErrorCode.CONFIRMATION_REQUIRED);
      const changed = await auth('/change-password', {
        body: { currentPassword: PASSWORD, newPassword: 'another long pass' },
        token: m.token,
      });
      expect(changed.status).toBe(200);
    });

    it("a banned member's passkey sign-in answers the ban's reason and end", async () => {
      const m = await member('bannedpk');
      expect((await t.call('confirmIdentity', { sPassword: PASSWORD }, m.token)).iErrorCode).toBe(0);
      const added = (await registerPasskey(m.token, true)) as { status: number; key: ReturnType<typeof softPasskey> };
      expect(added.status).toBe(200);
      const until = clock.now() + 3 * 86_400_000;
      const adminToken = await consoleToken(op.admin);
      expect(
        (
          await consoleCall(
            t,
            'memberBan',
            { sUserID: m.userId, sReason: 'spam', iDurationMs: 3 * 86_400_000 },
            adminToken,
          )
        ).iErrorCode,
      ).toBe(0);
      const refused = await passkeySignIn(added.key, true);
      expect(refused.body).toMatchObject({ iErrorCode: ErrorCode.MEMBER_BANNED, sBanReason: 'spam', iBanUntil: until });
    });

    it('in the console, role and cap changes need a fresh confirmation', async () => {
      const token = await consoleToken(op.admin);
      const change = { sEmail: op.viewer.email, sRole: 'viewer', sReason: 'no change' };
      expect((await consoleCall(t, 'operatorSetRole', change, token)).iErrorCode).toBe(ErrorCode.CONFIRMATION_REQUIRED);
      const cap = { sRole: 'support', iMaxAmount: 1000, sReason: 'same' };
      expect((await consoleCall(t, 'grantCapSet', cap, token)).iErrorCode).toBe(ErrorCode.CONFIRMATION_REQUIRED);
      expect(
        (await consoleCall(t, 'confirmIdentity', { sPassword: OPERATOR_PASSWORD, sCode: backupCode(op.admin) }, token))
          .iErrorCode,
      ).toBe(0);
      expect((await consoleCall(t, 'operatorSetRole', change, token)).iErrorCode).toBe(0);
      expect((await consoleCall(t, 'grantCapSet', cap, token)).iErrorCode).toBe(0);
    });
  });

  describe('4. erasure and bans end roles', () => {
    it('an erased admin holds no role, and the last usable admin cannot demote themselves', async () => {
      // The rank table's target accounts (no password, never signed in) are not part of this story.
      await t.deps.db
        .updateTable('operator_account')
        .set({ ended_at: clock.now(), ended_by: 'test' })
        .where('user_id', 'in', t.deps.db.selectFrom('user').select('id').where('email', 'like', 'target%'))
        .execute();
      const erased = await enrolledOperator(t, `erased.${dialect}@studio.example`, 'admin');
      const erasedId = await userIdOf(erased.email);
      const banned = await enrolledOperator(t, `banned.${dialect}@studio.example`, 'admin');
      const bannedId = await userIdOf(banned.email);
      await t.deps.db
        .insertInto('account_deletion')
        .values({
          user_id: erasedId,
          state: 'scheduled',
          token_hash: null,
          requested_at: clock.now() - 1,
          link_expires_at: clock.now() - 1,
          erase_at: clock.now() - 1,
          steps_done: '[]',
          erased_at: null,
          username_release_at: null,
        })
        .execute();
      expect(await runErasures(t.deps, erasureSteps(t.deps), clock.now())).toEqual([erasedId]);
      expect(await roleOf(erasedId)).toBe('user');

      // A ban (the CLI's here) ends the role too, audited as operator.remove.
      expect((await admin(t, 'member', 'ban', banned.email, '--reason', 'left the studio')).exitCode).toBe(0);
      expect(await roleOf(bannedId)).toBe('user');
      expect((await auditRows()).some((r) => r.action === 'operator.remove' && r.member_id === bannedId)).toBe(true);

      const token = await consoleToken(op.admin);
      expect(
        (await consoleCall(t, 'confirmIdentity', { sPassword: OPERATOR_PASSWORD, sCode: backupCode(op.admin) }, token))
          .iErrorCode,
      ).toBe(0);
      const listed = await consoleCall(t, 'operatorsList', {}, token);
      const admins = (listed.aRows as Array<{ sEmail: string; sRole: string }>).filter((r) => r.sRole === 'admin');
      expect(admins.map((r) => r.sEmail)).toEqual([op.admin.email]);
      expect(
        (await consoleCall(t, 'operatorSetRole', { sEmail: op.admin.email, sRole: 'viewer', sReason: 'bye' }, token))
          .iErrorCode,
      ).toBe(ErrorCode.CONSOLE_LAST_ADMIN);
      // A banned admin (a ban set in the table, as before issue 35) is not a usable admin either.
      const stale = await createAccountWithRole(t.deps.db, `stale.${dialect}@studio.example`, 'admin', {
        actor: 'test',
        now: clock.now(),
      });
      await t.deps.db
        .updateTable('user')
        .set({ banned: dialect === 'postgres' ? true : 1, banReason: 'old' })
        .where('id', '=', stale)
        .execute();
      expect(
        (await consoleCall(t, 'operatorSetRole', { sEmail: op.admin.email, sRole: 'viewer', sReason: 'bye' }, token))
          .iErrorCode,
      ).toBe(ErrorCode.CONSOLE_LAST_ADMIN);
    });
  });

  describe('5. TOTP codes once', () => {
    it('a code replayed inside its step is refused, also when two sign-ins race with it', async () => {
      const who = await enrolledOperator(t, `replay.${dialect}@studio.example`, 'viewer');
      // One fresh code (each step's code is handed out once), raced by three sign-ins: one wins.
      const code = freshTotp(who.secret);
      const steps = await Promise.all(
        [0, 1, 2].map(() => post(t, '/api/auth/sign-in/email', { email: who.email, password: OPERATOR_PASSWORD })),
      );
      const raced = await Promise.all(
        steps.map((s) =>
          post(
            t,
            '/api/auth/two-factor/verify-totp',
            { code },
            { 'x-two-factor-token': s.headers['set-two-factor-token'] as string, ...CONSOLE_SIGN_IN },
          ),
        ),
      );
      expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
      expect(raced.filter((r) => r.body.iErrorCode === ErrorCode.TWO_FACTOR_CODE_USED)).toHaveLength(2);

      // The same code in a later sign-in of the same step: refused, no session.
      const again = await consoleSignIn(t, who.email, { code });
      expect(again.verified.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CODE_USED);
      expect(again.token).toBeUndefined();
      const sessions = await t.deps.db
        .selectFrom('console_session')
        .select('session_id')
        .where('user_id', '=', await userIdOf(who.email))
        .execute();
      // Enrolment's and the race's one winner.
      expect(sessions).toHaveLength(2);
    });
  });

  describe('6. grants', () => {
    it('daily totals hold under 20 parallel grants; self, banned and erased accounts get nothing', async () => {
      // A support operator with nothing granted today yet.
      const support = await enrolledOperator(t, `daily.${dialect}@studio.example`, 'support');
      const supportToken = await consoleToken(support);
      const m = await member('daily');
      const before = await findBalance(t.deps.db, m.userId);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          consoleCall(
            t,
            'memberGrant',
            { sUserID: m.userId, sAsset: 'points', iAmount: 1000, sKey: `daily-${dialect}-${i}`, sReason: 'burst' },
            supportToken,
          ),
        ),
      );
      const codes = answers.map((a) => a.iErrorCode);
      // The default daily total of support is 5,000 points and tickets: five grants of 1,000.
      expect(codes.filter((c) => c === 0)).toHaveLength(5);
      expect(codes.filter((c) => c === ErrorCode.CONSOLE_GRANT_DAILY_CAP)).toHaveLength(15);
      expect((await findBalance(t.deps.db, m.userId)).points - before.points).toBe(5000);
      // Collectibles: five a day.
      const template = await t.deps.db.selectFrom('template').select('id').executeTakeFirstOrThrow();
      const items = [];
      for (let i = 0; i < 6; i++) {
        items.push(
          (
            await consoleCall(
              t,
              'memberGrant',
              {
                sUserID: m.userId,
                sAsset: 'item',
                sTemplateID: template.id,
                sKey: `item-${dialect}-${i}`,
                sReason: 'gift',
              },
              supportToken,
            )
          ).iErrorCode,
        );
      }
      expect(items).toEqual([0, 0, 0, 0, 0, ErrorCode.CONSOLE_GRANT_DAILY_CAP]);

      // The next UTC day starts a new total.
      clock.advance(24 * 60 * MINUTE);
      const adminToken = await consoleToken(op.admin);
      const banned = await member('bannedgrant');
      expect(
        (await consoleCall(t, 'memberBan', { sUserID: banned.userId, sReason: 'cheating' }, adminToken)).iErrorCode,
      ).toBe(0);
      const grant = (userId: string, key: string) =>
        consoleCall(
          t,
          'memberGrant',
          { sUserID: userId, sAsset: 'points', iAmount: 10, sKey: `${key}-${dialect}`, sReason: 'gift' },
          adminToken,
        );
      expect((await grant(banned.userId, 'banned')).iErrorCode).toBe(ErrorCode.GRANT_TARGET_UNAVAILABLE);
      const gone = await member('erasedgrant');
      await t.deps.db
        .insertInto('account_deletion')
        .values({
          user_id: gone.userId,
          state: 'scheduled',
          token_hash: null,
          requested_at: clock.now() - 1,
          link_expires_at: clock.now() - 1,
          erase_at: clock.now() - 1,
          steps_done: '[]',
          erased_at: null,
          username_release_at: null,
        })
        .execute();
      await runErasures(t.deps, erasureSteps(t.deps), clock.now());
      expect((await grant(gone.userId, 'erased')).iErrorCode).toBe(ErrorCode.GRANT_TARGET_UNAVAILABLE);
      expect((await grant(m.userId, 'fine')).iErrorCode).toBe(0);
    });

    it('parses amounts strictly: no arrays, booleans, hex, exponents or fractions', async () => {
      const token = await consoleToken(op.admin);
      const m = await member('strict');
      for (const iAmount of [[1000], true, '0x3e8', '1e3', 1.5, '12abc', ' ', null]) {
        seq += 1;
        const answer = await consoleCall(
          t,
          'memberGrant',
          { sUserID: m.userId, sAsset: 'points', iAmount, sKey: `strict-${dialect}-${seq}`, sReason: 'x' },
          token,
        );
        expect(answer.iErrorCode, JSON.stringify(iAmount)).toBe(ErrorCode.BAD_INPUT);
      }
      const accepted = await consoleCall(
        t,
        'memberGrant',
        { sUserID: m.userId, sAsset: 'points', iAmount: '25', sKey: `strict-${dialect}-ok`, sReason: 'x' },
        token,
      );
      expect(accepted.iErrorCode).toBe(0);
      expect((await admin(t, 'grant', 'points', m.email, '0x3e8')).exitCode).not.toBe(0);
    });

    it('the CLI sets a daily total per role, audited', async () => {
      expect((await admin(t, 'operator', 'cap', 'support', '--daily', '200', '--daily-items', 'none')).exitCode).toBe(
        0,
      );
      const listed = await admin(t, 'operator', 'list');
      expect(listed.output).toContain('support: 200 / no cap items');
      expect((await auditRows()).some((r) => r.action === 'operator.dailyCap' && r.detail.role === 'support')).toBe(
        true,
      );
      expect((await admin(t, 'operator', 'cap', 'support', '--daily', '5000', '--daily-items', '5')).exitCode).toBe(0);
    });
  });

  describe('7. smaller findings', () => {
    it('deletion accepts a backup code once when two-factor is on', async () => {
      const m = await member('delbackup');
      const enabled = await auth('/two-factor/enable', { body: { password: PASSWORD }, token: m.token });
      const secret = new URL(String(enabled.body.totpURI)).searchParams.get('secret') ?? '';
      const verified = await auth('/two-factor/verify-totp', { body: { code: freshTotp(secret) }, token: m.token });
      const token = verified.headers['set-auth-token'] as string;
      const backup = (enabled.body.backupCodes as string[])[0] as string;
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD, sCode: backup }, token)).iErrorCode).toBe(
        0,
      );
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD, sCode: backup }, token)).iErrorCode).toBe(
        ErrorCode.SECOND_FACTOR_CODE_REQUIRED,
      );
      expect(totp(secret)).toMatch(/^\d{6}$/);
    });

    it('a password reset names its member in the audit log', async () => {
      const m = await member('reset');
      await post(t, '/api/auth/request-password-reset', { email: m.email, redirectTo: `${ORIGIN}/resetpassword` });
      const mail = (await outbox(t, m.email)).at(-1);
      const link = mail?.links.find((l) => l.includes('token')) ?? '';
      const token = new URL(link).searchParams.get('token') ?? new URL(link).pathname.split('/').at(-1) ?? '';
      const reset = await post(t, '/api/auth/reset-password', { token, newPassword: 'a brand new pass' });
      expect(reset.status).toBe(200);
      const row = (await auditRows()).find((r) => r.action === 'identity.password.reset' && r.member_id === m.userId);
      expect(row).toMatchObject({ actor: `self:${m.email}`, detail: { userId: m.userId } });
      expect((await signIn(t, m.email, 'a brand new pass')).status).toBe(200);
    });

    it('a console token acts in the console only: no member actions, no email change or passkey', async () => {
      const token = await consoleToken(op.support);
      expect((await t.call('getUserData', {}, token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      expect((await t.call('confirmIdentity', { sPassword: OPERATOR_PASSWORD }, token)).iErrorCode).toBe(
        ErrorCode.NOT_SIGNED_IN,
      );
      expect((await auth('/change-email', { body: { newEmail: uniqueEmail('x') }, token })).body.iErrorCode).toBe(
        ErrorCode.CONSOLE_TOKEN_CONSOLE_ONLY,
      );
      expect((await auth('/passkey/generate-register-options', { token })).body.iErrorCode).toBe(
        ErrorCode.CONSOLE_TOKEN_CONSOLE_ONLY,
      );
      expect((await auth('/get-session', { token })).status).toBe(200);
      expect((await consoleCall(t, 'whoami', {}, token)).iErrorCode).toBe(0);
    });
  });
});
