import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { AGENT_TEMPLATE_ID } from '../../src/protocol/identity';
import { createGuestPlayer } from '../../src/server/features/identity/guests';
import { createInvite } from '../../src/server/features/identity/invites';
import { setFlag } from '../../src/server/features/maintenance/settings';
import * as grants from '../../src/server/features/rewards/grants';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { closeTestApp, markVerified, ROOMY_LIMITS, signUp, uniqueEmail } from './identityHelpers';

// The real member core runs; the spy lets the tests see what registration asked of it.
vi.mock('../../src/server/features/rewards/grants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/features/rewards/grants')>();
  return { ...actual, grantRegistrationRewards: vi.fn(actual.grantRegistrationRewards) };
});
const grantSpy = vi.mocked(grants.grantRegistrationRewards);

describe.each(DIALECTS)('identity registration on %s', (dialect) => {
  let t: TestApp;
  const invite = (opts: { maxUses?: number; email?: string } = {}) =>
    createInvite(t.deps.db, { maxUses: opts.maxUses ?? 1, email: opts.email ?? null, actor: 'test', now: Date.now() });
  const register = (token: string, fields: Record<string, string | number>) => t.call('registerUser', fields, token);
  const memberOf = (token: string) => t.call('getUserData', {}, token);

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
  });
  afterAll(() => closeTestApp(t));
  beforeEach(() => {
    grantSpy.mockClear();
  });

  describe('verifyCode', () => {
    it('answers 0 and an empty email for a usable unbound code, case-insensitively', async () => {
      const code = await invite();
      expect(await t.call('verifyCode', { sCode: code.toLowerCase() })).toEqual({ iErrorCode: 0, sEmail: '' });
    });

    it('answers the bound email for a bound code', async () => {
      const code = await invite({ email: 'Bound@Example.com' });
      expect(await t.call('verifyCode', { sCode: code })).toEqual({ iErrorCode: 0, sEmail: 'bound@example.com' });
    });

    it('answers INVALID_CODE for unknown, empty, revoked and used-up codes', async () => {
      const revoked = await invite();
      await t.deps.db.updateTable('invite_code').set({ revoked: 1 }).where('code', '=', revoked).execute();
      const usedUp = await invite();
      await t.deps.db.updateTable('invite_code').set({ uses: 1 }).where('code', '=', usedUp).execute();
      for (const sCode of ['NOSUCHCODE', '', revoked, usedUp]) {
        expect(await t.call('verifyCode', { sCode }), sCode).toMatchObject({
          iErrorCode: ErrorCode.INVALID_CODE,
          sEmail: '',
        });
      }
    });
  });

  describe('checkUserName', () => {
    it('answers 0 for a free name, and USERNAME_TAKEN with a free variant for a taken one, ignoring case', async () => {
      expect(await t.call('checkUserName', { sUserName: 'Nyarlathotep' })).toEqual({ iErrorCode: 0 });
      await register(await signUp(t), { sUserName: 'Nyarlathotep' });
      const answer = await t.call('checkUserName', { sUserName: 'NYARLATHOTEP' });
      expect(answer.iErrorCode).toBe(ErrorCode.USERNAME_TAKEN);
      const suggestion = answer.sSuggestedUserName as string;
      expect(suggestion).toMatch(/^NYARLATHOTEP\d+$/);
      expect(await t.call('checkUserName', { sUserName: suggestion })).toEqual({ iErrorCode: 0 });
    });

    it('keeps suggestions for 20-character names within 20 characters', async () => {
      const long = 'abcdefghijklmnopqrst';
      await register(await signUp(t), { sUserName: long });
      const answer = await t.call('checkUserName', { sUserName: long });
      expect(answer.sSuggestedUserName).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    });

    it('treats staff names as taken', async () => {
      expect(await t.call('checkUserName', { sUserName: 'Admin' })).toMatchObject({
        iErrorCode: ErrorCode.USERNAME_TAKEN,
      });
    });

    it('answers BAD_INPUT for malformed names', async () => {
      for (const sUserName of ['ab', 'a'.repeat(21), 'has space', 'dash-name', 'émile', '']) {
        expect(await t.call('checkUserName', { sUserName }), sUserName).toMatchObject({
          iErrorCode: ErrorCode.BAD_INPUT,
        });
      }
    });
  });

  describe('registerUser', () => {
    it('needs a signed-in account', async () => {
      expect(await t.call('registerUser', { sUserName: 'nobody' })).toMatchObject({
        iErrorCode: ErrorCode.NOT_SIGNED_IN,
      });
    });

    it('creates the profile and answers pUserData with the agent template id', async () => {
      const email = uniqueEmail();
      const token = await signUp(t, email);
      const answer = await register(token, { sUserName: 'Dagon_1', bSubscribe: 1, sCode: '', sReferredByCode: '' });
      expect(answer).toMatchObject({ iErrorCode: 0, sAgentTokenTemplateID: AGENT_TEMPLATE_ID });
      expect(AGENT_TEMPLATE_ID).toBe('agent');
      const data = answer.pUserData as Record<string, unknown>;
      expect(data).toMatchObject({
        bVerified: false,
        sUserName: 'Dagon_1',
        sEmail: email,
        bSubscribe: true,
        pReferredByUserName: null,
        bInWhitelist: false,
      });
      expect(data.sReferralCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      expect(grantSpy).toHaveBeenCalledTimes(1);
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({
        referrerUserId: null,
        referralProblem: null,
        guestBeatDemo: false,
      });
      expect(await memberOf(token)).toEqual({
        iErrorCode: 0,
        pUserData: expect.objectContaining({ sUserName: 'Dagon_1' }),
      });
    });

    it('answers BAD_INPUT for a malformed username and creates nothing', async () => {
      const token = await signUp(t);
      expect(await register(token, { sUserName: 'no' })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
      expect(await memberOf(token)).toMatchObject({ iErrorCode: ErrorCode.NOT_REGISTERED });
    });

    it('refuses a taken username (any case) with a suggestion, without using the invite', async () => {
      await register(await signUp(t), { sUserName: 'Hastur' });
      const code = await invite();
      const answer = await register(await signUp(t), { sUserName: 'hASTUR', sCode: code });
      expect(answer.iErrorCode).toBe(ErrorCode.USERNAME_TAKEN);
      expect(answer.sSuggestedUserName).toMatch(/^hASTUR\d+$/);
      expect(await t.call('verifyCode', { sCode: code })).toMatchObject({ iErrorCode: 0 });
    });

    it('is idempotent: a retry answers the same profile and grants nothing new', async () => {
      const token = await signUp(t);
      const first = await register(token, { sUserName: 'Retry_Me' });
      const again = await register(token, { sUserName: 'SomethingElse' });
      expect(again).toMatchObject({ iErrorCode: 0, sAgentTokenTemplateID: AGENT_TEMPLATE_ID });
      expect((again.pUserData as Record<string, unknown>).sUserName).toBe('Retry_Me');
      expect((again.pUserData as Record<string, unknown>).sReferralCode).toBe(
        (first.pUserData as Record<string, unknown>).sReferralCode,
      );
      expect(grantSpy).toHaveBeenCalledTimes(1);
    });

    it('survives two simultaneous calls for the same account', async () => {
      const token = await signUp(t);
      const answers = await Promise.all([
        register(token, { sUserName: 'Twin_A' }),
        register(token, { sUserName: 'Twin_B' }),
      ]);
      expect(answers.map((a) => a.iErrorCode)).toEqual([0, 0]);
      const names = answers.map((a) => (a.pUserData as Record<string, unknown>).sUserName);
      expect(names[0]).toBe(names[1]);
    });

    it('accepts a referral code and names the referrer', async () => {
      const referrer = await register(await signUp(t), { sUserName: 'Referrer' });
      const referrerCode = (referrer.pUserData as Record<string, unknown>).sReferralCode as string;
      grantSpy.mockClear();
      const token = await signUp(t);
      const answer = await register(token, { sUserName: 'Referred', sReferredByCode: referrerCode.toLowerCase() });
      expect((answer.pUserData as Record<string, unknown>).pReferredByUserName).toBe('Referrer');
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ referralProblem: null, referrerUserId: expect.any(String) });

      // A retry with the same code is not a second use...
      grantSpy.mockClear();
      await register(token, { sUserName: 'Referred', sReferredByCode: referrerCode });
      expect(grantSpy).not.toHaveBeenCalled();
      // ...another code is (docs/product.md §8 "already used a referral code").
      await register(token, { sUserName: 'Referred', sReferredByCode: 'ABCDEFGH' });
      expect(grantSpy).toHaveBeenCalledTimes(1);
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ referralProblem: 'used', referrerUserId: null });
    });

    it('reports an unknown referral code as invalid but still registers', async () => {
      const token = await signUp(t);
      const answer = await register(token, { sUserName: 'BadReferral', sReferredByCode: 'ZZZZZZZZ' });
      expect(answer.iErrorCode).toBe(0);
      expect((answer.pUserData as Record<string, unknown>).pReferredByUserName).toBeNull();
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ referralProblem: 'invalid', referrerUserId: null });
    });

    it('answers a registered account own code on a retry as "used", never as a referral', async () => {
      const token = await signUp(t);
      const answer = await register(token, { sUserName: 'SelfReferrer' });
      const ownCode = (answer.pUserData as Record<string, unknown>).sReferralCode as string;
      grantSpy.mockClear();
      await register(token, { sUserName: 'SelfReferrer', sReferredByCode: ownCode });
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ referralProblem: 'used', referrerUserId: null });
    });

    it('uses invite codes exactly max_uses times under 20 parallel registrations', async () => {
      const code = await invite({ maxUses: 5 });
      const tokens = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
      const answers = await Promise.all(
        tokens.map((token, i) => register(token, { sUserName: `Racer_${i}`, sCode: code })),
      );
      const codes = answers.map((a) => a.iErrorCode);
      expect(codes.filter((c) => c === 0)).toHaveLength(5);
      expect(codes.filter((c) => c === ErrorCode.INVALID_CODE)).toHaveLength(15);
      const row = await t.deps.db
        .selectFrom('invite_code')
        .select('uses')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      expect(row.uses).toBe(5);
      expect(await t.call('verifyCode', { sCode: code })).toMatchObject({ iErrorCode: ErrorCode.INVALID_CODE });
    });

    it('lets only the bound email use a bound invite', async () => {
      const email = uniqueEmail('bound');
      const code = await invite({ email: email.toUpperCase() });
      expect(await register(await signUp(t), { sUserName: 'Intruder', sCode: code })).toMatchObject({
        iErrorCode: ErrorCode.EMAIL_MISMATCH,
      });
      expect(await register(await signUp(t, email), { sUserName: 'Rightful', sCode: code })).toMatchObject({
        iErrorCode: 0,
      });
    });

    it('refuses revoked and unknown codes with INVALID_CODE', async () => {
      const code = await invite();
      await t.deps.db.updateTable('invite_code').set({ revoked: 1 }).where('code', '=', code).execute();
      const token = await signUp(t);
      expect(await register(token, { sUserName: 'Revoked', sCode: code })).toMatchObject({
        iErrorCode: ErrorCode.INVALID_CODE,
      });
      expect(await register(token, { sUserName: 'Revoked', sCode: 'NOPE' })).toMatchObject({
        iErrorCode: ErrorCode.INVALID_CODE,
      });
      expect(await memberOf(token)).toMatchObject({ iErrorCode: ErrorCode.NOT_REGISTERED });
    });

    it('needs a code in invite-only mode, and takes one', async () => {
      await setFlag(t.deps.db, 'inviteOnly', true, 'test', Date.now());
      try {
        const token = await signUp(t);
        expect(await register(token, { sUserName: 'Uninvited' })).toMatchObject({ iErrorCode: ErrorCode.INVITE_ONLY });
        const code = await invite();
        expect(await register(token, { sUserName: 'Invited', sCode: code })).toMatchObject({ iErrorCode: 0 });
      } finally {
        await setFlag(t.deps.db, 'inviteOnly', false, 'test', Date.now());
      }
    });

    it('claims a guest with the right password and carries its demo win', async () => {
      const guestId = await createGuestPlayer(t.deps.db, 'guest-secret', Date.now());
      await t.deps.db.updateTable('guest_player').set({ beat_demo: 1 }).where('id', '=', guestId).execute();

      const wrong = await signUp(t);
      await register(wrong, { sUserName: 'WrongGuest', iGuestUserID: guestId, sGuestPassword: 'not-it' });
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ guestBeatDemo: false });

      grantSpy.mockClear();
      const token = await signUp(t);
      const answer = await register(token, {
        sUserName: 'GuestOwner',
        iGuestUserID: String(guestId),
        sGuestPassword: 'guest-secret',
      });
      expect(answer.iErrorCode).toBe(0);
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ guestBeatDemo: true });
      const guest = await t.deps.db
        .selectFrom('guest_player')
        .select('claimed_by_user_id')
        .where('id', '=', guestId)
        .executeTakeFirstOrThrow();
      expect(guest.claimed_by_user_id).toBeTruthy();

      // A claimed guest carries nothing into another account.
      grantSpy.mockClear();
      await register(await signUp(t), {
        sUserName: 'LateGuest',
        iGuestUserID: guestId,
        sGuestPassword: 'guest-secret',
      });
      expect(grantSpy.mock.calls[0]?.[1]).toMatchObject({ guestBeatDemo: false });
    });

    it('treats an empty guest id as no guest, and a non-numeric one as BAD_INPUT', async () => {
      const token = await signUp(t);
      expect(await register(token, { sUserName: 'NoGuest', iGuestUserID: '', sGuestPassword: '' })).toMatchObject({
        iErrorCode: 0,
      });
      expect(await register(await signUp(t), { sUserName: 'OddGuest', iGuestUserID: 'abc' })).toMatchObject({
        iErrorCode: ErrorCode.BAD_INPUT,
      });
    });
  });

  describe('getUserData, userVerified and setSubscribe', () => {
    it('answers NOT_REGISTERED before registration and NOT_SIGNED_IN without a session', async () => {
      const token = await signUp(t);
      expect(await memberOf(token)).toMatchObject({ iErrorCode: ErrorCode.NOT_REGISTERED });
      expect(await t.call('getUserData')).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
      expect(await t.call('setSubscribe', { bSubscribe: 1 }, token)).toMatchObject({
        iErrorCode: ErrorCode.NOT_REGISTERED,
      });
    });

    it('follows the account verified flag and records verified_at once', async () => {
      const email = uniqueEmail();
      const token = await signUp(t, email);
      await register(token, { sUserName: 'Verifier' });
      expect(await t.call('userVerified', {}, token)).toEqual({ iErrorCode: 0, bVerified: false });

      await markVerified(t, email);
      expect(await t.call('userVerified', {}, token)).toEqual({ iErrorCode: 0, bVerified: true });
      const first = await verifiedAt(email);
      expect(first).toBeGreaterThan(0);
      await t.call('userVerified', {}, token);
      expect(await verifiedAt(email)).toBe(first);
      expect(((await memberOf(token)).pUserData as Record<string, unknown>).bVerified).toBe(true);
    });

    it('switches the newsletter subscription', async () => {
      const token = await signUp(t);
      await register(token, { sUserName: 'Subscriber' });
      expect(await t.call('setSubscribe', { bSubscribe: 1 }, token)).toEqual({ iErrorCode: 0 });
      expect(((await memberOf(token)).pUserData as Record<string, unknown>).bSubscribe).toBe(true);
      expect(await t.call('setSubscribe', { bSubscribe: 0 }, token)).toEqual({ iErrorCode: 0 });
      expect(((await memberOf(token)).pUserData as Record<string, unknown>).bSubscribe).toBe(false);
      expect(await t.call('setSubscribe', { bSubscribe: 'maybe' }, token)).toMatchObject({
        iErrorCode: ErrorCode.BAD_INPUT,
      });
    });
  });

  async function verifiedAt(email: string): Promise<number | null> {
    const row = await t.deps.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.user_id')
      .select('member.verified_at')
      .where('user.email', '=', email)
      .executeTakeFirstOrThrow();
    return row.verified_at === null ? null : Number(row.verified_at);
  }
});
