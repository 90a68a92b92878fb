import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errorCodes';
import type { UserData } from '../../src/protocol/identity';
import { NOTICE_KINDS } from '../../src/protocol/rewards';
import { applyGrant } from '../../src/server/features/rewards/index';
import { addEntries } from '../../src/server/features/whitelist/entries';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { idemKey, openTestRaffle } from '../support/raffleHelpers';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

const DAY = 86_400_000;

/**
 * getUserData answers from memory while nothing it reads changed (shared/userDataCache.ts): every
 * kind of write, by this app, by another instance or straight into the database as the operator
 * CLI does, must show at the very next call.
 */
describe.each(DIALECTS)('remembered getUserData on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock(Date.UTC(2026, 2, 2, 10));
  beforeAll(async () => {
    // Long settings and answer caches: only the data revisions can make a change show.
    t = await createTestApp(dialect, { clock, env: { SETTINGS_CACHE_MS: '600000', USER_DATA_CACHE_MS: '600000' } });
  });
  afterAll(async () => t?.close());

  const getUserData = async (member: TestMember, app = t) => {
    const answer = (await app.call('getUserData', {}, member.token)) as { iErrorCode: number; pUserData: UserData };
    return answer;
  };
  /** The answer, checked against a fresh composition that remembers nothing. */
  const expectFresh = async (member: TestMember, why: string, app = t) => {
    const answer = await getUserData(member, app);
    expect(answer.iErrorCode, why).toBe(0);
    const fresh = JSON.parse(JSON.stringify(await app.deps.userData(member.userId, app.deps.clock.now())));
    expect(answer.pUserData, why).toEqual(fresh);
    return answer.pUserData;
  };
  const newMember = async () => {
    const member = await signUp(t, 'cached');
    await register(t, { userId: member.userId });
    return member;
  };

  it('shows every kind of write to what it reads at the next call', async () => {
    const member = await newMember();
    const first = await expectFresh(member, 'first call');
    expect(await getUserData(member)).toEqual({ iErrorCode: 0, pUserData: first });

    await applyGrant(t.deps.db, {
      userId: member.userId,
      key: `cache-test:${member.userId}`,
      reason: 'test',
      lines: [{ asset: 'points', amount: 123 }],
      now: clock.now(),
    });
    expect((await expectFresh(member, 'points granted')).iPoints).toBe(first.iPoints + 123);

    await t.call('ackNotices', { sKinds: NOTICE_KINDS.join(','), iUpToNoticeID: first.iNoticeCursor }, member.token);
    expect((await expectFresh(member, 'notices acknowledged')).aRewardNotices).toEqual([]);

    await t.call('setSubscribe', { bSubscribe: !first.bSubscribe }, member.token);
    expect((await expectFresh(member, 'subscription changed')).bSubscribe).toBe(!first.bSubscribe);

    // Better Auth's own write, as /verify-email makes it.
    await t.deps.db.updateTable('user').set({ emailVerified: 1 }).where('id', '=', member.userId).execute();
    expect((await expectFresh(member, 'email verified')).bVerified).toBe(true);

    await t.deps.db
      .insertInto('wallet_link')
      .values({
        user_id: member.userId,
        address: '0x00000000000000000000000000000000000000aa',
        address_lower: '0x00000000000000000000000000000000000000aa',
        chain: 'MATIC',
        chain_id: 137,
        proven: 0,
        linked_at: clock.now(),
      })
      .execute();
    expect((await expectFresh(member, 'wallet linked')).sWalletAddress).toMatch(/aa$/);

    // Issue 28: the avatar (collectibles' member_avatar), written as the CLI would.
    const agent = await t.deps.db
      .selectFrom('item')
      .select('id')
      .where('owner_user_id', '=', member.userId)
      .where('collection_id', '=', 'agent')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('member_avatar')
      .values({ user_id: member.userId, item_id: Number(agent.id), set_at: clock.now() })
      .execute();
    expect((await expectFresh(member, 'avatar chosen')).sAvatarItemID).not.toBe('');

    // Shared data: the whitelist, a game variable, the open raffle.
    await addEntries(t.deps.db, [{ kind: 'email', value: member.email.toLowerCase() }], 'test', {
      actor: 'test',
      now: clock.now(),
    });
    expect((await expectFresh(member, 'whitelisted')).bInWhitelist).toBe(true);

    await t.deps.db.updateTable('game_var').set({ value: '77' }).where('var_id', '=', 'iChatMaxLength').execute();
    const vars = (await expectFresh(member, 'game variable changed by another process')).aGameVars;
    expect(vars.find((v) => v.sVarID === 'iChatMaxLength')?.sValue).toBe('77');

    const raffleId = await openTestRaffle(t, { title: `Cache raffle ${dialect}` });
    const opened = await expectFresh(member, 'raffle opened');
    expect(opened.pRaffleDrawInfo).toMatchObject({ bActive: true, iRaffleID: raffleId, iEntryTickets: 0 });

    const entered = await t.call(
      'enterRaffle',
      { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: idemKey() },
      member.token,
    );
    expect(entered.iErrorCode).toBe(0);
    expect((await expectFresh(member, 'raffle entered')).pRaffleDrawInfo).toMatchObject({ iEntryTickets: 1 });

    // Issue 29: an announcement delivered by the job (another instance, maybe), then its popup closed.
    const announced = await t.deps.db
      .insertInto('announcement')
      .values({
        title: 'Cache news',
        body: 'Hello',
        segment: '{"bEveryone":true}',
        email: 0,
        status: 'sent',
        send_at: clock.now(),
        cursor: '',
        delivered: 1,
        total: 1,
        emailed: 0,
        created_by: 'test',
        created_at: clock.now(),
        started_at: clock.now(),
        finished_at: clock.now(),
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('announcement_delivery')
      .values({
        announcement_id: Number(announced.id),
        user_id: member.userId,
        delivered_at: clock.now(),
        seen_at: null,
        email: 'none',
        emailed_at: null,
      })
      .execute();
    expect((await expectFresh(member, 'announcement delivered')).aAnnouncements).toHaveLength(1);
    await t.call('ackAnnouncement', { iAnnouncementID: Number(announced.id) }, member.token);
    expect((await expectFresh(member, 'announcement popup closed')).aAnnouncements).toEqual([]);
  });

  it('grants the daily reward exactly once under 30 parallel first calls, and every answer shows it', async () => {
    const member = await newMember();
    clock.advance(DAY);
    const answers = await Promise.all(Array.from({ length: 30 }, () => getUserData(member)));
    const rows = await t.deps.db
      .selectFrom('ledger')
      .select('idem_key')
      .where('user_id', '=', member.userId)
      .where('idem_key', 'like', 'daily:%')
      .execute();
    expect(new Set(rows.map((row) => row.idem_key)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.pUserData.iPoints)).size).toBe(1);
    await expectFresh(member, 'after the race');
  });

  it('grants the next reward day at its first call, though nothing was written', async () => {
    const member = await newMember();
    const today = await expectFresh(member, 'day one');
    clock.advance(DAY);
    const tomorrow = await expectFresh(member, 'day two');
    expect(tomorrow.iDailyRewardDay).toBe(today.iDailyRewardDay + 1);
    expect(tomorrow.iPoints).toBeGreaterThan(today.iPoints);
  });

  it('signs the member out at once when the session ends, here or elsewhere', async () => {
    const member = await newMember();
    await expectFresh(member, 'signed in');
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${member.token}`, origin: 'http://localhost:3000' },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await getUserData(member)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);

    const other = await newMember();
    await expectFresh(other, 'signed in');
    // Another instance (or the operator) ends the session in the database.
    await t.deps.db.deleteFrom('session').where('userId', '=', other.userId).execute();
    expect((await getUserData(other)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('shows a write made through another instance at the next call on this one', async () => {
    const other = await createTestApp(dialect, {
      clock,
      database: t.db,
      env: { SETTINGS_CACHE_MS: '600000', USER_DATA_CACHE_MS: '600000' },
    });
    try {
      const member = await newMember();
      const before = await expectFresh(member, 'this instance');
      await expectFresh(member, 'the other instance', other);
      await applyGrant(other.deps.db, {
        userId: member.userId,
        key: `cache-test-other:${member.userId}`,
        reason: 'test',
        lines: [{ asset: 'tickets', amount: 2 }],
        now: clock.now(),
      });
      expect((await expectFresh(member, 'granted elsewhere')).iRaffleTickets).toBe(before.iRaffleTickets + 2);
    } finally {
      await other.app.close();
    }
  });
});
