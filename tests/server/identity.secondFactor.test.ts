import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { consoleCall, enrolledOperator, freshTotp, OPERATOR_PASSWORD, totp } from '../support/operators';
import { closeTestApp, PASSWORD, ROOMY_LIMITS, signUp, uniqueEmail } from './identityHelpers';

/**
 * A member's second factor (issue 30): TOTP enrolment, the sign-in's code step with the challenge
 * and trusted-device headers, backup codes used once, turning it off with the password and a code,
 * the limits; and the passkey routes' auth requirements. The operator's console stays behind TOTP.
 */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string | undefined>;
}

describe.each(DIALECTS)("a member's two-factor and passkeys on %s", (dialect) => {
  let t: TestApp;
  const clock = testClock(Date.now());
  let ipCounter = 0;
  /** Each test counts from its own address, so the per-IP limits of one never reach another. */
  const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function call(
    path: string,
    options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await t.app.inject({
      method: options.body === undefined ? 'GET' : 'POST',
      url: `/api/auth${path}`,
      remoteAddress: options.ip ?? '10.8.0.1',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      payload: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
    );
    return { status: response.statusCode, body: response.body ? response.json() : {}, headers };
  }

  /** A member with TOTP turned on: its email, secret, backup codes and current token. */
  async function enrolledMember(ip = freshIp()) {
    const email = uniqueEmail('twofa');
    const first = await signUp(t, email);
    const enabled = await call('/two-factor/enable', { body: { password: PASSWORD }, token: first, ip });
    expect(enabled.status).toBe(200);
    const secret = new URL(String(enabled.body.totpURI)).searchParams.get('secret') ?? '';
    const verified = await call('/two-factor/verify-totp', { body: { code: freshTotp(secret) }, token: first, ip });
    expect(verified.status).toBe(200);
    return {
      email,
      secret,
      backupCodes: enabled.body.backupCodes as string[],
      token: verified.headers['set-auth-token'] as string,
    };
  }

  /** `confirmIdentity` (issue 35): the session's fresh confirmation, before adding a passkey. */
  async function confirmIdentity(token: string, body: { sPassword: string; sCode?: string }) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal/confirmIdentity',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify(body),
    });
    const answer = response.json() as { iErrorCode: number };
    expect(answer.iErrorCode).toBe(0);
    return answer;
  }

  const passwordStep = (email: string, ip: string, headers: Record<string, string> = {}) =>
    call('/sign-in/email', { body: { email, password: PASSWORD }, ip, headers });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: { ...ROOMY_LIMITS, twoFactorPerIp: { max: 6, windowMs: 60_000 } } },
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
  });
  afterAll(() => closeTestApp(t));

  it('enrols: the password is required, a wrong code refused, the right one turns it on with a new session', async () => {
    const ip = freshIp();
    const email = uniqueEmail('enrol');
    const token = await signUp(t, email);
    expect((await call('/two-factor/enable', { body: { password: PASSWORD }, ip })).status).toBe(401);
    const missing = await call('/two-factor/enable', { body: {}, token, ip });
    expect(missing.status).toBe(400);
    expect(missing.body.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    const wrong = await call('/two-factor/enable', { body: { password: 'not it at all' }, token, ip });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');

    const enabled = await call('/two-factor/enable', { body: { password: PASSWORD }, token, ip });
    expect(enabled.status).toBe(200);
    const uri = new URL(String(enabled.body.totpURI));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Cthulhu Portal');
    expect(enabled.body.backupCodes).toHaveLength(10);
    const secret = uri.searchParams.get('secret') ?? '';

    const bad = await call('/two-factor/verify-totp', { body: { code: wrongCode(totp(secret)) }, token, ip });
    expect(bad.status).toBe(401);
    expect(bad.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const notDigits = await call('/two-factor/verify-totp', { body: { code: 42 }, token, ip });
    expect(notDigits.body.iErrorCode).toBe(ErrorCode.BAD_INPUT);

    const good = await call('/two-factor/verify-totp', { body: { code: freshTotp(secret) }, token, ip });
    expect(good.status).toBe(200);
    const fresh = good.headers['set-auth-token'] as string;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    // The session that enrolled is replaced; the new one knows two-factor is on.
    expect((await call('/get-session', { token })).body.iErrorCode).toBe(ErrorCode.OK);
    const session = await call('/get-session', { token: fresh });
    expect((session.body.user as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(true);
    // A member's two-factor session is no console session.
    expect((await consoleCall(t, 'auditList', {}, fresh)).iErrorCode).toBe(ErrorCode.CONSOLE_NOT_OPERATOR);
    // Enabling again is refused as done already.
    const again = await call('/two-factor/enable', { body: { password: PASSWORD }, token: fresh, ip });
    expect(again.body.iErrorCode).toBe(ErrorCode.ALREADY_DONE);
  });

  it('signs in with the password then a code: the challenge travels in headers, the session only after the code', async () => {
    const ip = freshIp();
    const member = await enrolledMember(ip);
    const first = await passwordStep(member.email, ip);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, iErrorCode: ErrorCode.OK });
    expect(first.headers['set-auth-token']).toBeUndefined();
    const challenge = first.headers['set-two-factor-token'] as string;
    expect(challenge).toMatch(/two_factor=/);

    const noChallenge = await call('/two-factor/verify-totp', { body: { code: totp(member.secret) }, ip });
    expect(noChallenge.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_OVER);
    const wrong = await call('/two-factor/verify-totp', {
      body: { code: wrongCode(totp(member.secret)) },
      ip,
      headers: { 'x-two-factor-token': challenge },
    });
    expect(wrong.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const right = await call('/two-factor/verify-totp', {
      body: { code: freshTotp(member.secret) },
      ip,
      headers: { 'x-two-factor-token': challenge },
    });
    expect(right.status).toBe(200);
    const token = right.headers['set-auth-token'] as string;
    expect((await call('/get-session', { token })).body.user).toMatchObject({ email: member.email });
    // The challenge is spent.
    const reused = await call('/two-factor/verify-totp', {
      body: { code: totp(member.secret) },
      ip,
      headers: { 'x-two-factor-token': challenge },
    });
    expect(reused.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_OVER);
    const audit = await listAudit(t.deps.db, 500);
    expect(
      audit.some((e) => e.actor === `self:${member.email}` && e.action === 'identity.signIn.passwordAccepted'),
    ).toBe(true);
  });

  it('a backup code signs in once; its second use is refused', async () => {
    const ip = freshIp();
    const member = await enrolledMember(ip);
    const code = member.backupCodes[0] as string;
    const withBackup = async () => {
      const first = await passwordStep(member.email, ip);
      return call('/two-factor/verify-backup-code', {
        body: { code },
        ip,
        headers: { 'x-two-factor-token': first.headers['set-two-factor-token'] as string },
      });
    };
    const used = await withBackup();
    expect(used.status).toBe(200);
    expect(used.headers['set-auth-token']).toBeTruthy();
    const again = await withBackup();
    expect(again.status).toBe(401);
    expect(again.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
  });

  it('"trust this device": the next password sign-in skips the code, for that account only', async () => {
    const ip = freshIp();
    const member = await enrolledMember(ip);
    const other = await enrolledMember(ip);
    const first = await passwordStep(member.email, ip);
    const verified = await call('/two-factor/verify-totp', {
      body: { code: freshTotp(member.secret), trustDevice: true },
      ip,
      headers: { 'x-two-factor-token': first.headers['set-two-factor-token'] as string },
    });
    const trusted = verified.headers['set-trusted-device'] as string;
    expect(trusted).toMatch(/trust_device=/);

    const skipped = await passwordStep(member.email, ip, { 'x-trusted-device': trusted });
    expect(skipped.body.twoFactorRedirect).toBeUndefined();
    expect(skipped.headers['set-auth-token']).toBeTruthy();
    // The trust is renewed at each use.
    expect(skipped.headers['set-trusted-device']).toMatch(/trust_device=/);
    const audit = await listAudit(t.deps.db, 500);
    const signIns = audit.filter((e) => e.actor === `self:${member.email}` && e.action === 'identity.signIn');
    expect(signIns.length).toBe(2);
    // /account shows the device as trusted (decision 0216): the code step that trusted it and the
    // sign-in that skipped the code are one device row.
    const sessions = await t.call('getMySessions', {}, skipped.headers['set-auth-token'] as string);
    const devices = sessions.aDevices as Array<Record<string, unknown>>;
    expect(devices.find((d) => d.bThisDevice)).toMatchObject({ bTrusted: true, iSessions: 2 });

    const notTheirs = await passwordStep(other.email, ip, { 'x-trusted-device': trusted });
    expect(notTheirs.body.twoFactorRedirect).toBe(true);
    expect(notTheirs.headers['set-trusted-device']).toBe('forget');
  });

  it('turning it off needs the password and a code; then the password alone signs in', async () => {
    const ip = freshIp();
    const member = await enrolledMember(ip);
    const first = await passwordStep(member.email, ip);
    const verified = await call('/two-factor/verify-totp', {
      body: { code: freshTotp(member.secret), trustDevice: true },
      ip,
      headers: { 'x-two-factor-token': first.headers['set-two-factor-token'] as string },
    });
    const token = verified.headers['set-auth-token'] as string;
    const trusted = verified.headers['set-trusted-device'] as string;

    const noCode = await call('/two-factor/disable', { body: { password: PASSWORD }, token, ip });
    expect(noCode.status).toBe(400);
    expect(noCode.body.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    const junk = await call('/two-factor/disable', { body: { password: PASSWORD, code: 'abc' }, token, ip });
    expect(junk.body.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    // A wrong password spends no backup code.
    const backup = member.backupCodes[1] as string;
    const wrongPassword = await call('/two-factor/disable', {
      body: { password: 'nope nope', code: backup },
      token,
      ip,
    });
    expect(wrongPassword.body.code).toBe('INVALID_PASSWORD');
    const wrongCodeAnswer = await call('/two-factor/disable', {
      body: { password: PASSWORD, code: wrongCode(totp(member.secret)) },
      token,
      ip,
    });
    expect(wrongCodeAnswer.status).toBe(401);
    expect(wrongCodeAnswer.body.iErrorCode).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await call('/two-factor/disable', { body: { password: PASSWORD, code: backup } })).status).toBe(401);

    const off = await call('/two-factor/disable', { body: { password: PASSWORD, code: backup }, token, ip });
    expect(off.status).toBe(200);
    const fresh = off.headers['set-auth-token'] as string;
    expect(fresh).toBeTruthy();
    const session = await call('/get-session', { token: fresh });
    expect((session.body.user as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(false);
    const plain = await passwordStep(member.email, ip);
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect(plain.headers['set-auth-token']).toBeTruthy();
    // The trusted devices are forgotten with it.
    const rows = await t.deps.db
      .selectFrom('verification')
      .select('identifier')
      .where('identifier', 'like', 'trust-device-%')
      .where('value', '=', String((session.body.user as { id: string }).id))
      .execute();
    expect(rows).toEqual([]);
    expect(trusted).toBeTruthy();
    const audit = await listAudit(t.deps.db, 500);
    expect(audit.some((e) => e.actor === `self:${member.email}` && e.action === 'identity.twoFactor.disabled')).toBe(
      true,
    );
  });

  it('five wrong codes end a challenge; ten lock the second factor', async () => {
    const ip = freshIp();
    const member = await enrolledMember(ip);
    const attempt = async (challenge: string, code: string) =>
      // Each attempt from its own address: this is Better Auth's lock, not the per-IP limit.
      (
        await call('/two-factor/verify-totp', {
          body: { code },
          ip: freshIp(),
          headers: { 'x-two-factor-token': challenge },
        })
      ).body.iErrorCode;
    const bad = wrongCode(totp(member.secret));
    // Each code works once (issue 35) and late in a step only two are fresh: the locked step gets the right one.
    const right = freshTotp(member.secret);
    const one = (await passwordStep(member.email, ip)).headers['set-two-factor-token'] as string;
    for (let i = 0; i < 5; i++) expect(await attempt(one, bad)).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    // A code tried on an ended challenge stays claimed (its account is no longer known to give it back): another one.
    const badToo = String((Number(bad) + 1) % 1_000_000).padStart(6, '0');
    expect(await attempt(one, badToo)).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_OVER);
    const two = (await passwordStep(member.email, ip)).headers['set-two-factor-token'] as string;
    for (let i = 0; i < 5; i++) expect(await attempt(two, bad)).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const three = (await passwordStep(member.email, ip)).headers['set-two-factor-token'] as string;
    expect(await attempt(three, right)).toBe(ErrorCode.TWO_FACTOR_LOCKED);
  });

  it('limits the code step per IP like the sign-in', async () => {
    const ip = freshIp();
    const member = await enrolledMember(freshIp());
    const challenge = (await passwordStep(member.email, freshIp())).headers['set-two-factor-token'] as string;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await call('/two-factor/verify-backup-code', {
        body: { code: 'aaaaa-bbbbb' },
        ip,
        headers: { 'x-two-factor-token': challenge },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.iErrorCode).toBe(ErrorCode.RATE_LIMITED);
    }
    expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
    expect(statuses[6]).toBe(429);
  });

  it('an operator with TOTP signs in as a member with the code step; a trusted device opens no console', async () => {
    const ip = freshIp();
    const operator = await enrolledOperator(t, `ops.${process.pid}.${dialect}@studio.example`, 'admin');
    const first = await call('/sign-in/email', { body: { email: operator.email, password: OPERATOR_PASSWORD }, ip });
    expect(first.body.twoFactorRedirect).toBe(true);
    const verified = await call('/two-factor/verify-totp', {
      body: { code: freshTotp(operator.secret), trustDevice: true },
      ip,
      headers: {
        'x-two-factor-token': first.headers['set-two-factor-token'] as string,
        // The console's code step (issue 35): a code step of the member portal makes a member session.
        'x-console-sign-in': '1',
      },
    });
    expect(verified.status).toBe(200);
    // With the code the session is a console session, as the console's own sign-in.
    expect((await consoleCall(t, 'auditList', {}, verified.headers['set-auth-token'])).iErrorCode).toBe(ErrorCode.OK);
    // The trusted device skips the code for the member portal only: the console still asks for it.
    const trustedSignIn = await call('/sign-in/email', {
      body: { email: operator.email, password: OPERATOR_PASSWORD },
      ip,
      headers: { 'x-trusted-device': verified.headers['set-trusted-device'] as string },
    });
    const token = trustedSignIn.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    expect((await consoleCall(t, 'auditList', {}, token)).iErrorCode).toBe(ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED);
  });

  it('passkey routes: registration needs a session, sign-in needs none, bad ceremonies answer PASSKEY_REFUSED', async () => {
    const ip = freshIp();
    const email = uniqueEmail('passkey');
    const token = await signUp(t, email);
    const other = await signUp(t, uniqueEmail('passkey'));

    expect((await call('/passkey/generate-register-options', { ip })).status).toBe(401);
    expect((await call('/passkey/list-user-passkeys', { ip })).status).toBe(401);
    expect((await call('/passkey/delete-passkey', { body: { id: 'x' }, ip })).status).toBe(401);
    expect((await call('/passkey/verify-registration', { body: { response: {} }, ip })).status).toBe(401);

    // Issue 35: adding a passkey needs a fresh confirmation of the session.
    await confirmIdentity(token, { sPassword: PASSWORD });
    const options = await call('/passkey/generate-register-options?name=Laptop', { token, ip });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: 'localhost', name: 'Cthulhu Portal' } });
    const challenge = options.headers['set-passkey-challenge'] as string;
    expect(challenge).toMatch(/passkey=/);
    const forged = await call('/passkey/verify-registration', {
      body: { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} }, name: 'Laptop' },
      token,
      ip,
      headers: { 'x-passkey-challenge': challenge, origin: 'http://localhost:3000' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.iErrorCode).toBe(ErrorCode.PASSKEY_REFUSED);
    const longName = await call('/passkey/verify-registration', {
      body: { response: {}, name: 'x'.repeat(65) },
      token,
      ip,
    });
    expect(longName.body.iErrorCode).toBe(ErrorCode.BAD_INPUT);

    // Sign-in options ask for no email and no session (discoverable credentials).
    const signInOptions = await call('/passkey/generate-authenticate-options', { ip });
    expect(signInOptions.status).toBe(200);
    expect(signInOptions.body.allowCredentials).toBeUndefined();
    const signInChallenge = signInOptions.headers['set-passkey-challenge'] as string;
    const unknown = await call('/passkey/verify-authentication', {
      body: { response: { id: 'unknown', rawId: 'unknown', type: 'public-key', response: {} } },
      ip,
      headers: { 'x-passkey-challenge': signInChallenge, origin: 'http://localhost:3000' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.iErrorCode).toBe(ErrorCode.PASSKEY_REFUSED);
    const noChallenge = await call('/passkey/verify-authentication', {
      body: { response: { id: 'unknown' } },
      ip,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(noChallenge.body.iErrorCode).toBe(ErrorCode.PASSKEY_REFUSED);

    // A passkey is removable only by its owner.
    const userId = String(((await call('/get-session', { token })).body.user as { id: string }).id);
    await t.deps.db
      .insertInto('passkey')
      .values({ id: `pk-${dialect}`, name: 'Laptop', userId, credentialID: `cred-${dialect}`, ...passkeyColumns() })
      .execute();
    const listed = await call('/passkey/list-user-passkeys', { token, ip });
    expect(listed.body).toEqual([expect.objectContaining({ id: `pk-${dialect}`, name: 'Laptop' })]);
    expect((await call('/passkey/list-user-passkeys', { token: other, ip })).body).toEqual([]);
    const notTheirs = await call('/passkey/delete-passkey', { body: { id: `pk-${dialect}` }, token: other, ip });
    expect(notTheirs.status).toBeGreaterThanOrEqual(400);
    const removed = await call('/passkey/delete-passkey', { body: { id: `pk-${dialect}` }, token, ip });
    expect(removed.status).toBe(200);
    expect((await call('/passkey/list-user-passkeys', { token, ip })).body).toEqual([]);
  });

  /** The passkey row's other columns (Better Auth's schema), which the identity handle does not type. */
  function passkeyColumns() {
    return {
      publicKey: 'AAAA',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: dialect === 'postgres' ? false : 0,
      transports: 'internal',
      createdAt: new Date(clock.now()).toISOString(),
    } as Record<string, unknown>;
  }
});
