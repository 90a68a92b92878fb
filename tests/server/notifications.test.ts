import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { NotificationsPage } from '../../src/protocol/notifications';
import { runAdmin } from '../../src/server/cli/commands';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { notify } from '../../src/server/features/notifications/index';
import { notificationsMigrations } from '../../src/server/features/notifications/migrations';
import { formBody } from '../../src/web/api/request';
import { testClock } from '../support/app';
import { ChatClient, type ChatMember, type ChatNode, type Cluster, chatCluster, chatMember } from '../support/chat';
import { DIALECTS } from '../support/db';
import { idemKey, memberWithTickets, openTestRaffle, raffleJobOf } from '../support/raffleHelpers';
import { register, signUp } from '../support/rewardsHelpers';

const WEEK = 7 * 86_400_000;

describe.each(DIALECTS)('the notification centre on %s', (dialect) => {
  let cluster: Cluster;
  let node: ChatNode;
  let alice: ChatMember;
  let bob: ChatMember;
  const clock = testClock();

  beforeAll(async () => {
    cluster = await chatCluster(dialect, { clock });
    node = cluster.nodes[0] as ChatNode;
    alice = await chatMember(node, 'alice');
    bob = await chatMember(node, 'bob');
  });
  afterAll(async () => cluster?.close());

  const list = (token: string, iBeforeID?: number) =>
    node.call('listNotifications', iBeforeID ? { iBeforeID } : {}, token) as Promise<
      NotificationsPage & Record<string, unknown>
    >;
  const entry = (key: string, title = key) =>
    ({ kind: 'announcement', key, title, body: 'Body', link: '/home' }) as const;
  const signInAgain = async (member: ChatMember) => {
    const response = await node.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: member.email, password: 'correct horse battery staple' },
      remoteAddress: '10.9.9.9',
    });
    return response.headers['set-auth-token'] as string;
  };

  it('writes an entry exactly once per member and key, for some members or all', async () => {
    const carol = await chatMember(node, 'carol');
    expect(await notify(node.deps.db, [carol.userId, carol.userId], entry('once'), clock.now())).toEqual([
      carol.userId,
    ]);
    expect(await notify(node.deps.db, [carol.userId], entry('once', 'again'), clock.now())).toEqual([]);
    const everyone = await notify(node.deps.db, 'all', entry('everyone'), clock.now());
    expect(everyone).toEqual(expect.arrayContaining([alice.userId, bob.userId, carol.userId]));
    expect(await notify(node.deps.db, 'all', entry('everyone'), clock.now())).toEqual([]);
    const page = await list(carol.token);
    expect(page.aNotifications.map((n) => n.sTitle)).toEqual(['everyone', 'once']);
    expect(page).toMatchObject({ iErrorCode: 0, iUnread: 2, iMentions: 0, iNextBeforeID: 0 });
    // A link out of the portal is dropped.
    await notify(node.deps.db, [carol.userId], { ...entry('away'), link: '//evil.example/x' }, clock.now());
    expect((await list(carol.token)).aNotifications[0]).toMatchObject({ sTitle: 'away', sLink: '' });
  });

  it('pages newest first', async () => {
    const dave = await chatMember(node, 'dave');
    for (let i = 1; i <= 45; i++) await notify(node.deps.db, [dave.userId], entry(`n${i}`), clock.now());
    const first = await list(dave.token);
    expect(first.aNotifications).toHaveLength(20);
    expect(first.aNotifications[0]?.sTitle).toBe('n45');
    expect(first.iUnread).toBe(45);
    const second = await list(dave.token, first.iNextBeforeID);
    expect(second.aNotifications.map((n) => n.sTitle)).toEqual(Array.from({ length: 20 }, (_, i) => `n${25 - i}`));
    const third = await list(dave.token, second.iNextBeforeID);
    expect(third.aNotifications.map((n) => n.sTitle)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    expect(third.iNextBeforeID).toBe(0);
  });

  it('keeps read state on the server: a second session sees it, and hears it live', async () => {
    const erin = await chatMember(node, 'erin');
    await notify(node.deps.db, [erin.userId], entry('first'), clock.now());
    await notify(node.deps.db, [erin.userId], entry('second'), clock.now());
    const other = await signInAgain(erin);
    expect(other).toBeTruthy();
    const socket = await ChatClient.signedIn(node, { token: other });
    const [newest, older] = (await list(erin.token)).aNotifications;
    expect(
      await node.call('markNotificationsRead', { iNotificationID: older?.iNotificationID ?? 0 }, erin.token),
    ).toEqual({
      iErrorCode: 0,
      iUnread: 1,
      iMentions: 0,
    });
    expect(await socket.next('notifications')).toMatchObject({ iUnread: 1 });
    const seen = await list(other);
    expect(seen.aNotifications.find((n) => n.iNotificationID === older?.iNotificationID)?.iReadAt).toBe(clock.now());
    expect(seen.aNotifications.find((n) => n.iNotificationID === newest?.iNotificationID)?.iReadAt).toBe(0);
    expect(await node.call('markNotificationsRead', { bAll: true }, other)).toMatchObject({ iUnread: 0 });
    expect(await node.call('getNotificationCounts', {}, erin.token)).toEqual({
      iErrorCode: 0,
      iUnread: 0,
      iMentions: 0,
    });
    socket.close();
  });

  it('marks every entry read, an announcement and a mention, when asked as the web asks (bAll=1)', async () => {
    const fay = await chatMember(node, 'fay');
    await notify(node.deps.db, [fay.userId], entry('announcement:news'), clock.now());
    await notify(
      node.deps.db,
      [fay.userId],
      { kind: 'mention', key: 'mention:test:1', title: 'alice mentioned you', body: 'hi', link: '/chat' },
      clock.now(),
    );
    expect(await node.call('getNotificationCounts', {}, fay.token)).toMatchObject({ iUnread: 2, iMentions: 1 });
    // The web's form encodes booleans as "1" (src/web/api/request.ts formBody).
    const body = Object.fromEntries(formBody({ bAll: true }));
    expect(await node.call('markNotificationsRead', body, fay.token)).toEqual({
      iErrorCode: 0,
      iUnread: 0,
      iMentions: 0,
    });
    expect((await list(fay.token)).aNotifications.every((n) => n.iReadAt === clock.now())).toBe(true);
    expect(await node.call('markNotificationsRead', { bAll: 'no' }, fay.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
  });

  it('points the Prize entries of raffle wins written before issue 42 at their raffle viewer', async () => {
    const gil = await chatMember(node, 'gil');
    const prize = (key: string) =>
      ({ kind: 'prize', key, title: 'You won 5 points!', body: 'b', link: '/home' }) as const;
    await notify(node.deps.db, [gil.userId], prize('prize:raffle:41:prize:3'), clock.now());
    await notify(node.deps.db, [gil.userId], prize('prize:grant:gift-1'), clock.now());
    const migrate = notificationsMigrations['notifications/002_raffle_prize_links']?.(dialect);
    await migrate?.up(node.deps.db as never);
    const links = (await list(gil.token)).aNotifications.map((n) => n.sLink);
    expect(links.sort()).toEqual(['/home', '/raffleviewer?iRaffleID=41']);
  });

  it("never shows or marks another member's entries", async () => {
    await notify(node.deps.db, [alice.userId], entry('private', 'For Alice'), clock.now());
    const mine = (await list(alice.token)).aNotifications.find((n) => n.sTitle === 'For Alice');
    expect(mine).toBeDefined();
    expect((await list(bob.token)).aNotifications.some((n) => n.sTitle === 'For Alice')).toBe(false);
    expect(
      await node.call('markNotificationsRead', { iNotificationID: mine?.iNotificationID ?? 0 }, bob.token),
    ).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
    expect((await list(alice.token)).aNotifications.find((n) => n.sTitle === 'For Alice')?.iReadAt).toBe(0);
    expect(await node.call('listNotifications', {})).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
  });

  it('tells a mentioned member at once, over their socket, and only once per message', async () => {
    const bobSocket = await ChatClient.signedIn(node, bob);
    const aliceSocket = await ChatClient.signedIn(node, alice);
    const id = await aliceSocket.say('general', `hello @${bob.userName} and @${alice.userName}`);
    expect(await bobSocket.next('notifications', (f) => f.iMentions === 1)).toMatchObject({ iMentions: 1 });
    const mention = (await list(bob.token)).aNotifications[0];
    expect(mention).toMatchObject({
      sKind: 'mention',
      sTitle: `${alice.userName} mentioned you in #General`,
      sLink: '/chat?sChannelID=general',
      iReadAt: 0,
    });
    expect(mention?.sBody).toContain('hello @');
    // Editing the message does not mention bob twice; alice never hears of herself.
    await aliceSocket.request({ t: 'edit', iMessageID: id, sText: `hi again @${bob.userName}` });
    expect((await list(bob.token)).aNotifications.filter((n) => n.sKind === 'mention')).toHaveLength(1);
    expect((await list(alice.token)).aNotifications.some((n) => n.sKind === 'mention')).toBe(false);
    bobSocket.close();
    aliceSocket.close();
  });

  it("reading a channel up to a message reads the member's mentions there up to it, not later ones", async () => {
    const bobSocket = await ChatClient.signedIn(node, bob);
    const aliceSocket = await ChatClient.signedIn(node, alice);
    const before = ((await node.call('getNotificationCounts', {}, bob.token)) as { iMentions: number }).iMentions;
    const first = await aliceSocket.say('lore', `first for @${bob.userName}`);
    const second = await aliceSocket.say('lore', `second for @${bob.userName}`);
    const unreadMentions = async () =>
      (await list(bob.token)).aNotifications
        .filter((n) => n.sKind === 'mention' && n.sLink === '/chat?sChannelID=lore' && n.iReadAt === 0)
        .map((n) => n.sBody);
    await expect.poll(unreadMentions).toHaveLength(2);
    bobSocket.send({ t: 'read', sChannelID: 'lore', iMessageID: first });
    await expect.poll(unreadMentions).toEqual([`second for @${bob.userName}`]);
    bobSocket.send({ t: 'read', sChannelID: 'lore', iMessageID: second });
    // Every device hears the new count.
    await bobSocket.next('notifications', (f) => f.iMentions === before);
    expect(await unreadMentions()).toEqual([]);
    bobSocket.close();
    aliceSocket.close();
  });

  it('announces entries written without a bus (the CLI) through the sweep: a new store item for everyone', async () => {
    const sweep = node.jobs.find((j) => j.name === 'notifications.announce');
    await sweep?.run();
    const socket = await ChatClient.signedIn(node, bob);
    const added = await runAdmin(
      ['store', 'add', 'lantern-oil', '--kind', 'tickets', '--tickets', '2', '--name', 'Lantern oil', '--price', '10'],
      { db: node.deps.db, now: clock.now, actor: 'cli:test' },
    );
    expect(added.exitCode).toBe(0);
    await sweep?.run();
    expect(await socket.next('notifications')).toMatchObject({ t: 'notifications' });
    for (const member of [alice, bob]) {
      const store = (await list(member.token)).aNotifications.filter((n) => n.sKind === 'store');
      expect(store).toEqual([
        expect.objectContaining({ sTitle: 'New in the Reward Store: Lantern oil', sLink: '/rewardstore' }),
      ]);
    }
    socket.close();
  });

  it('tells a referrer their friend joined', async () => {
    const friend = await signUp(node, 'friend');
    await register(node, { userId: friend.userId, referrerUserId: alice.userId });
    const joined = (await list(alice.token)).aNotifications.find((n) => n.sKind === 'referral');
    expect(joined?.sTitle).toMatch(/joined with your code$/);
  });

  it("gives every entrant the raffle's result, and the winners their prizes", async () => {
    await setGameVar(node.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
    const raffleId = await openTestRaffle(node, { title: 'Notified raffle' });
    const entrants = [];
    for (let i = 0; i < 7; i++) {
      const member = await memberWithTickets(node, 2, `entrant${i}`);
      expect(
        await node.call('enterRaffle', { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: idemKey() }, member.token),
      ).toMatchObject({ iErrorCode: 0 });
      entrants.push(member);
    }
    clock.advance(WEEK);
    const job = raffleJobOf(node, 'test');
    for (let round = 0; round < 3; round++) await job();
    const winners = new Set(
      (
        await node.deps.db.selectFrom('raffle_winner').select('user_id').where('raffle_id', '=', raffleId).execute()
      ).map((w) => w.user_id),
    );
    expect(winners.size).toBe(5);
    for (const member of entrants) {
      const entries = (await list(member.token)).aNotifications;
      const results = entries.filter((n) => n.sKind === 'raffle');
      expect(results).toHaveLength(1);
      expect(results[0]?.sLink).toBe(`/raffleviewer?iRaffleID=${raffleId}`);
      if (winners.has(member.userId)) {
        expect(results[0]?.sTitle).toBe('You won in Notified raffle!');
        // Issue 42: one entry per win, the one that opens the viewer; the prize's popup tells the rest.
        expect(entries.some((n) => n.sKind === 'prize')).toBe(false);
        expect(entries).toHaveLength(1);
      } else {
        expect(results[0]?.sTitle).toBe('Notified raffle was drawn');
        expect(entries.some((n) => n.sKind === 'prize')).toBe(false);
      }
    }
  });
});
