import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { UserData } from '../../src/protocol/identity';
import type { RewardsUserData } from '../../src/protocol/rewards';
import { grantDemoAgent } from '../../src/server/features/rewards/index';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { register, signUp } from '../support/rewardsHelpers';

describe.each(DIALECTS)('registration rewards and notices on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  // pUserData as getUserData composes it from every capability.
  const userData = async (userId: string) => (await t.deps.userData(userId, clock.now())) as UserData;
  const ledgerCount = async (userId: string) =>
    (await t.deps.db.selectFrom('ledger').select('id').where('user_id', '=', userId).execute()).length;

  it('grants the registration Agent, the Mythopedia page and the new-member ticket, each as a notice', async () => {
    const member = await signUp(t);
    await register(t, { userId: member.userId });
    const data = await userData(member.userId);
    expect(data.pRegisterNFT).toMatchObject({ sCollectionID: 'agent', publicMetadata: { name: expect.any(String) } });
    expect(data.pArtNFT).toMatchObject({ sCollectionID: 'mythopedia' });
    expect(data.pNFT).toBeNull();
    expect(data).toMatchObject({
      iNewUserRaffleTickets: 1,
      iReferralRaffleTickets: 0,
      iTotalTickets: 1,
      iRaffleTickets: 1,
      bReferralCodeUsed: false,
      bInvalidReferralCode: false,
      pRaffleDrawInfo: { bActive: false },
    });
    expect(data.aGameVars).toContainEqual({ sVarID: 'iNewUserRaffleTickets', sType: 'int', sValue: '1' });
  });

  it('gives a referred member 1 + 1 = 2 tickets and the referrer one more (docs/product.md §9 sample)', async () => {
    const referrer = await signUp(t, 'referrer');
    await register(t, { userId: referrer.userId });
    const before = (await userData(referrer.userId)).iRaffleTickets;

    const member = await signUp(t, 'referred');
    await register(t, { userId: member.userId, referrerUserId: referrer.userId });
    expect(await userData(member.userId)).toMatchObject({
      iNewUserRaffleTickets: 1,
      iReferralRaffleTickets: 1,
      iTotalTickets: 2,
      iRaffleTickets: 2,
    });
    const referrerData = await userData(referrer.userId);
    expect(referrerData.iRaffleTickets).toBe(before + 1);
    expect(referrerData.iReferralRaffleTickets).toBe(1);
  });

  it('never grants twice when registration is retried', async () => {
    const referrer = await signUp(t, 'referrer');
    const member = await signUp(t);
    const grant = { userId: member.userId, referrerUserId: referrer.userId, guestBeatDemo: true };
    await register(t, grant);
    const rows = await ledgerCount(member.userId);
    await Promise.all([register(t, grant), register(t, grant), register(t, grant)]);
    expect(await ledgerCount(member.userId)).toBe(rows);
    expect(await ledgerCount(referrer.userId)).toBe(1);
    expect((await userData(member.userId)).iRaffleTickets).toBe(2);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('turns refused referral codes into notices', async () => {
    const used = await signUp(t);
    await register(t, { userId: used.userId, referralProblem: 'used' });
    expect(await userData(used.userId)).toMatchObject({
      bReferralCodeUsed: true,
      bInvalidReferralCode: false,
      iReferralRaffleTickets: 0,
    });

    const invalid = await signUp(t);
    await register(t, { userId: invalid.userId, referralProblem: 'invalid' });
    expect(await userData(invalid.userId)).toMatchObject({ bReferralCodeUsed: false, bInvalidReferralCode: true });
  });

  it('grants the demo-completion Agent (with its video) once', async () => {
    const member = await signUp(t);
    await register(t, { userId: member.userId, guestBeatDemo: true });
    const { pNFT } = await userData(member.userId);
    expect(pNFT?.sTemplateID).toBe('agent-monster-breaker');
    expect(pNFT?.publicMetadata.animation_url).toMatch(/\/media\/agents\/monster-breaker\.mp4\?v=/);
    expect(pNFT?.publicMetadata.animation_url_mime_type).toBe('video/mp4');
    expect(await grantDemoAgent(t.deps.db, member.userId, clock.now())).toBe(false);

    const other = await signUp(t);
    expect(await grantDemoAgent(t.deps.db, other.userId, clock.now())).toBe(true);
    expect(await grantDemoAgent(t.deps.db, other.userId, clock.now())).toBe(false);
  });

  it('shows each notice until ackNotices names it, then never again', async () => {
    const member = await signUp(t);
    await register(t, { userId: member.userId, referralProblem: 'invalid' });
    const first = await userData(member.userId);
    const again = await userData(member.userId);
    expect(again.pRegisterNFT?.sItemID).toBe(first.pRegisterNFT?.sItemID);
    expect(again.iLoginRewardDay).toBe(1);

    const acked = await t.call('ackNotices', { sKinds: 'pRegisterNFT,iNewUserRaffleTickets' }, member.token);
    expect(acked).toEqual({ iErrorCode: 0, iAcknowledged: 2 });
    let data: RewardsUserData = await userData(member.userId);
    expect(data.pRegisterNFT).toBeNull();
    expect(data.iNewUserRaffleTickets).toBe(0);
    expect(data.iRaffleTickets).toBe(1);
    expect(data.pArtNFT).not.toBeNull();
    expect(data.bInvalidReferralCode).toBe(true);

    expect(await t.call('ackNotices', { sKinds: 'pRegisterNFT' }, member.token)).toEqual({
      iErrorCode: 0,
      iAcknowledged: 0,
    });
    await t.call('ackNotices', { sKinds: 'pArtNFT, bInvalidReferralCode ,iLoginRewardPoints' }, member.token);
    data = await userData(member.userId);
    expect(data).toMatchObject({
      pArtNFT: null,
      bInvalidReferralCode: false,
      iLoginRewardDay: 0,
      iLoginRewardPoints: 0,
    });
    expect(data.iDailyRewardDay).toBe(1);
  });

  it('acknowledges only notices up to iUpToNoticeID, so one granted since still shows', async () => {
    const member = await signUp(t);
    await register(t, { userId: member.userId });
    const seen = await userData(member.userId);
    await grantDemoAgent(t.deps.db, member.userId, clock.now());
    await t.call('ackNotices', { sKinds: 'pNFT,pRegisterNFT', iUpToNoticeID: seen.iNoticeCursor }, member.token);
    const data = await userData(member.userId);
    expect(data.pRegisterNFT).toBeNull();
    expect(data.pNFT?.sTemplateID).toBe('agent-monster-breaker');
  });

  it('answers bad ackNotices input with documented codes', async () => {
    const member = await signUp(t);
    expect(await t.call('ackNotices', { sKinds: 'pRegisterNFT' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_SIGNED_IN,
    });
    for (const sKinds of ['', 'nope', 'pNFT,constructor', 'toString']) {
      expect(await t.call('ackNotices', { sKinds }, member.token)).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    }
    expect(await t.call('ackNotices', {}, member.token)).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await t.call('ackNotices', { sKinds: 'pNFT', iUpToNoticeID: 'x' }, member.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
  });
});
