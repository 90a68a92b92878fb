import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { linkKey } from '../../src/server/features/identity/authGuards';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import {
  auth,
  authAction,
  closeTestApp,
  markVerified,
  outbox,
  PASSWORD,
  ROOMY_LIMITS,
  signIn,
  signUp,
  uniqueEmail,
  waitForMail,
} from './identityHelpers';

const HOUR = 60 * 60 * 1000;

/** Runs `work` with Date moved forward (Better Auth and its JWT library read Date). */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

describe.each(DIALECTS)('identity email flows on %s', (dialect) => {
  let t: TestApp;
  const verifyLink = (token: string) => auth(t, `/verify-email?token=${encodeURIComponent(token)}`);
  const isSignedIn = async (token: string) =>
    (await t.call('getUserData', {}, token)).iErrorCode !== ErrorCode.NOT_SIGNED_IN;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
  });
  afterAll(() => closeTestApp(t));
  afterEach(() => {
    vi.useRealTimers();
  });

  async function registeredMember(email = uniqueEmail()) {
    const token = await signUp(t, email);
    const answer = await t.call('registerUser', { sUserName: `m${Math.random().toString(36).slice(2, 12)}` }, token);
    expect(answer.iErrorCode).toBe(0);
    return { email, token };
  }

  describe('email verification', () => {
    it('sends a themed verifyEmail link that verifies the account once', async () => {
      const { email, token } = await registeredMember();
      expect(await t.call('sendVerificationEmail', {}, token)).toEqual({ iErrorCode: 0 });
      const mail = await waitForMail(t, email);
      expect(mail.subject).toBe('Verify your email');
      const link = authAction(mail);
      expect(link.mode).toBe('verifyEmail');
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/authaction\?mode=verifyEmail&token=/);
      expect(mail.html).toContain('#0b1014');
      expect(mail.html).toContain('#e8e2d0');
      expect(mail.html).toContain('#4fd1a5');
      expect(mail.html).not.toMatch(/<style|<script/i);
      expect(mail.text).toContain(mail.links[0]);

      expect(await t.call('userVerified', {}, token)).toEqual({ iErrorCode: 0, bVerified: false });
      const used = await verifyLink(link.token);
      expect(used.status).toBe(200);
      expect(used.body).toMatchObject({ status: true });
      expect(await t.call('userVerified', {}, token)).toEqual({ iErrorCode: 0, bVerified: true });

      const reused = await verifyLink(link.token);
      expect(reused.status).toBe(401);
      expect(reused.body).toMatchObject({ code: 'TOKEN_ALREADY_USED', iErrorCode: ErrorCode.ALREADY_DONE });

      expect(await t.call('sendVerificationEmail', {}, token)).toMatchObject({ iErrorCode: ErrorCode.ALREADY_DONE });
    });

    it('refuses an expired link, and the same link is not burnt by the refusal', async () => {
      const { email, token } = await registeredMember();
      await t.call('sendVerificationEmail', {}, token);
      const link = authAction(await waitForMail(t, email));
      const expired = await later(HOUR + 60_000, () => verifyLink(link.token));
      expect(expired.status).toBe(401);
      expect(expired.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
      // Given back before the refusal left: a click right after it finds the link free.
      const claims = t.deps.db.selectFrom('used_email_link').select('token_hash');
      expect(await claims.where('token_hash', '=', linkKey(link.token)).execute()).toEqual([]);
      expect(await t.call('userVerified', {}, token)).toMatchObject({ bVerified: false });
      expect((await verifyLink(link.token)).status).toBe(200);
    });

    it('refuses a forged link', async () => {
      const forged = await verifyLink('eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl');
      expect(forged.status).toBe(401);
      expect(forged.body).toMatchObject({ code: 'INVALID_TOKEN' });
    });

    it('needs a signed-in account', async () => {
      expect(await t.call('sendVerificationEmail')).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
      expect(await t.call('userVerified')).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    });
  });

  describe('password reset', () => {
    it('answers the same for a real and an unknown email, and mails only the real account', async () => {
      const { email } = await registeredMember();
      const unknown = uniqueEmail('nobody');
      const forUnknown = await t.call('sendPasswordResetEmail', { sEmail: unknown });
      const forReal = await t.call('sendPasswordResetEmail', { sEmail: email.toUpperCase() });
      expect(forUnknown).toEqual({ iErrorCode: 0 });
      expect(forReal).toEqual(forUnknown);
      const mail = await waitForMail(t, email);
      expect(mail.subject).toBe('Reset your password');
      expect(authAction(mail).mode).toBe('resetPassword');
      expect(await outbox(t, unknown)).toHaveLength(0);
    });

    it('answers BAD_INPUT for a malformed email', async () => {
      expect(await t.call('sendPasswordResetEmail', { sEmail: 'not-an-email' })).toMatchObject({
        iErrorCode: ErrorCode.BAD_INPUT,
      });
    });

    it('resets once, signs out every session, and the old password stops working', async () => {
      const { email, token: first } = await registeredMember();
      const second = (await signIn(t, email)).token as string;
      expect(await isSignedIn(second)).toBe(true);

      await t.call('sendPasswordResetEmail', { sEmail: email });
      const link = authAction(await waitForMail(t, email));
      const reset = await auth(t, '/reset-password', {
        body: { newPassword: 'a brand new secret', token: link.token },
      });
      expect(reset).toMatchObject({ status: 200, body: { status: true } });

      expect(await isSignedIn(first)).toBe(false);
      expect(await isSignedIn(second)).toBe(false);
      expect((await signIn(t, email)).status).toBe(401);
      expect((await signIn(t, email, 'a brand new secret')).status).toBe(200);

      const again = await auth(t, '/reset-password', {
        body: { newPassword: 'yet another secret', token: link.token },
      });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'INVALID_TOKEN' });
    });

    it('refuses an expired reset link', async () => {
      const { email } = await registeredMember();
      await t.call('sendPasswordResetEmail', { sEmail: email });
      const link = authAction(await waitForMail(t, email));
      const expired = await later(HOUR + 60_000, () =>
        auth(t, '/reset-password', { body: { newPassword: 'too late secret', token: link.token } }),
      );
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await signIn(t, email)).status).toBe(200);
    });
  });

  describe('change password', () => {
    it('needs the current password, and revokeOtherSessions signs out the other devices', async () => {
      const { email, token: here } = await registeredMember();
      const elsewhere = (await signIn(t, email)).token as string;
      // Changing the password or the email needs a fresh confirmation (issue 35).
      expect((await t.call('confirmIdentity', { sPassword: PASSWORD }, here)).iErrorCode).toBe(0);

      const wrong = await auth(t, '/change-password', {
        token: here,
        body: { currentPassword: 'not my password', newPassword: 'changed secret', revokeOtherSessions: true },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD' });

      const changed = await auth(t, '/change-password', {
        token: here,
        body: { currentPassword: PASSWORD, newPassword: 'changed secret', revokeOtherSessions: true },
      });
      expect(changed.status).toBe(200);
      const fresh = changed.token ?? (changed.body?.token as string);
      expect(fresh).toBeTruthy();
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect(await isSignedIn(fresh)).toBe(true);
      expect((await signIn(t, email, 'changed secret')).status).toBe(200);
    });
  });

  describe('change email', () => {
    it('sends a verified member one verifyAndChangeEmail link at the NEW address, which changes the email once', async () => {
      const { email, token } = await registeredMember();
      await markVerified(t, email);
      const newEmail = uniqueEmail('moved');
      const before = (await outbox(t, email)).length;
      // Changing the password or the email needs a fresh confirmation (issue 35).
      expect((await t.call('confirmIdentity', { sPassword: PASSWORD }, token)).iErrorCode).toBe(0);

      const asked = await auth(t, '/change-email', { token, body: { newEmail } });
      expect(asked).toMatchObject({ status: 200, body: { status: true } });
      const mail = await waitForMail(t, newEmail);
      expect(mail.subject).toBe('Confirm your new email');
      expect(mail.text).toContain(newEmail);
      const link = authAction(mail);
      expect(link.mode).toBe('verifyAndChangeEmail');
      // The old address hears of it (issue 16), with a "this wasn't me" way to secure the account.
      const notices = await outbox(t, email);
      expect(notices).toHaveLength(before + 1);
      expect(notices.at(-1)?.subject).toBe('Your portal email is being changed');
      expect(notices.at(-1)?.text).toContain(newEmail);
      expect(notices.at(-1)?.text).toContain("This wasn't me");
      expect(((await t.call('getUserData', {}, token)).pUserData as Record<string, unknown>).sEmail).toBe(email);

      const used = await verifyLink(link.token);
      expect(used.status).toBe(200);
      const data = (await t.call('getUserData', {}, token)).pUserData as Record<string, unknown>;
      expect(data).toMatchObject({ sEmail: newEmail, bVerified: true });
      expect((await signIn(t, newEmail)).status).toBe(200);
      expect((await verifyLink(link.token)).status).toBe(401);
    });

    it('changes an unverified member email at once and sends a verifyEmail link to it', async () => {
      const { token } = await registeredMember();
      const newEmail = uniqueEmail('fixed');
      // Changing the password or the email needs a fresh confirmation (issue 35).
      expect((await t.call('confirmIdentity', { sPassword: PASSWORD }, token)).iErrorCode).toBe(0);
      expect(await auth(t, '/change-email', { token, body: { newEmail } })).toMatchObject({ status: 200 });
      expect(((await t.call('getUserData', {}, token)).pUserData as Record<string, unknown>).sEmail).toBe(newEmail);
      const link = authAction(await waitForMail(t, newEmail));
      expect(link.mode).toBe('verifyEmail');
      expect((await verifyLink(link.token)).status).toBe(200);
      expect(await t.call('userVerified', {}, token)).toMatchObject({ bVerified: true });
    });
  });
});
