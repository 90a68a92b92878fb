import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED } from '../../src/protocol/chat';
import { ErrorCode } from '../../src/protocol/errors';
import { CHAT_REPORTED_TOPIC } from '../../src/server/features/chat/index';
import { unbanMember } from '../../src/server/features/identity/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { ChatClient, type Cluster, chatCluster, chatMember, REDIS_URL } from '../support/chat';
import { DIALECTS } from '../support/db';
import { consoleCall, enrolledOperator } from '../support/operators';
import { signUp } from '../support/rewardsHelpers';
import { until } from '../support/tcpProxy';
import { closeTestApp, ROOMY_LIMITS, signIn } from './identityHelpers';

/** The password tests/support/rewardsHelpers' signUp gives every member. */
const PASSWORD = 'correct horse battery staple';
const DAY = 86_400_000;

async function auditOf(t: TestApp, userId: string) {
  return (await listAudit(t.deps.db, 1000)).filter((row) => JSON.parse(row.detail).userId === userId);
}

/** Issue 27: a ban ends every session, refuses sign-in with the reason and end, and ends by itself. */
describe.each(DIALECTS)('member bans on %s', (dialect) => {
  let t: TestApp;
  /** The console session of the moderator mod@example.com. */
  let moderator: string;
  /** The app's clock: the real time, held still while a ban is made so that its end is exact. */
  let heldAt: number | null = null;
  const clock = { now: () => heldAt ?? Date.now() };
  /** Bans through the console (`memberBan`, past the real gate) as the moderator; true when it banned. */
  const ban = async (userId: string, reason: string, untilMs?: number | null) => {
    heldAt = Date.now();
    try {
      const iDurationMs = untilMs ? untilMs - heldAt : 0;
      const answer = await consoleCall(t, 'memberBan', { sUserID: userId, sReason: reason, iDurationMs }, moderator);
      if (answer.iErrorCode !== ErrorCode.OK && answer.iErrorCode !== ErrorCode.NOT_FOUND)
        throw new Error(`memberBan: ${JSON.stringify(answer)}`);
      return answer.iErrorCode === ErrorCode.OK;
    } finally {
      heldAt = null;
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { rateLimits: ROOMY_LIMITS } });
    moderator = (await enrolledOperator(t, 'mod@example.com', 'moderator')).token;
  });
  afterAll(() => closeTestApp(t));

  it('ends every session and refuses sign-in with MEMBER_BANNED, the reason and the end', async () => {
    const member = await signUp(t, 'cheater');
    expect((await t.call('getUserData', {}, member.token)).iErrorCode).not.toBe(ErrorCode.NOT_SIGNED_IN);
    const end = Date.now() + 7 * DAY;
    expect(await ban(member.userId, 'Cheating in M1', end)).toBe(true);

    const sessions = await t.deps.db.selectFrom('session').select('id').where('userId', '=', member.userId).execute();
    expect(sessions).toEqual([]);
    expect((await t.call('getUserData', {}, member.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);

    const refused = await signIn(t, member.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.token).toBeUndefined();
    expect(refused.body).toMatchObject({
      iErrorCode: ErrorCode.MEMBER_BANNED,
      sBanReason: 'Cheating in M1',
      iBanUntil: end,
      code: 'BANNED_USER',
    });
    const audit = await auditOf(t, member.userId);
    expect(audit.map((row) => [row.action, row.actor])).toEqual([['member.ban', 'console:mod@example.com']]);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ reason: 'Cheating in M1', until: end });
  });

  it('a ban without an end refuses sign-in with iBanUntil 0', async () => {
    const member = await signUp(t, 'forever');
    await ban(member.userId, 'Spam');
    expect((await signIn(t, member.email, PASSWORD)).body).toMatchObject({
      iErrorCode: ErrorCode.MEMBER_BANNED,
      sBanReason: 'Spam',
      iBanUntil: 0,
    });
  });

  it("any member action reached by a banned account's session answers MEMBER_BANNED", async () => {
    const member = await signUp(t, 'stale');
    // Read once, so the session is remembered (session.ts): the ban must not be served from there.
    expect((await t.call('getUserData', {}, member.token)).iErrorCode).not.toBe(ErrorCode.MEMBER_BANNED);
    // A ban written by other means (not through banMember, so the session stayed).
    await t.deps.db
      .updateTable('user')
      .set({ banned: dialect === 'postgres' ? true : 1, banReason: 'Set by hand', banExpires: null })
      .where('id', '=', member.userId)
      .execute();
    expect(await t.call('getUserData', {}, member.token)).toMatchObject({
      iErrorCode: ErrorCode.MEMBER_BANNED,
      sBanReason: 'Set by hand',
      iBanUntil: 0,
    });
  });

  it('a timed ban ends by itself: sign-in works once banExpires has passed', async () => {
    const member = await signUp(t, 'timed');
    await ban(member.userId, 'Cool down', Date.now() + 1000);
    expect((await signIn(t, member.email, PASSWORD)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const back = await signIn(t, member.email, PASSWORD);
    expect(back.status).toBe(200);
    expect((await t.call('getUserData', {}, back.token)).iErrorCode).not.toBe(ErrorCode.MEMBER_BANNED);
  });

  it('unban restores sign-in, with one audit entry; unbanning a member not banned writes nothing', async () => {
    const member = await signUp(t, 'pardoned');
    await ban(member.userId, 'Mistake');
    expect(
      await unbanMember(t.deps.db, member.userId, { actor: 'cli:ops', reason: 'Appeal accepted', now: Date.now() }),
    ).toBe(true);
    expect(await unbanMember(t.deps.db, member.userId, { actor: 'cli:ops', reason: 'again', now: Date.now() })).toBe(
      false,
    );
    expect((await signIn(t, member.email, PASSWORD)).status).toBe(200);
    const audit = await auditOf(t, member.userId);
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['member.unban', 'cli:ops'],
      ['member.ban', 'console:mod@example.com'],
    ]);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ reason: 'Appeal accepted' });
  });

  it('banning an unknown account changes nothing', async () => {
    expect(await ban('no-such-user', 'x')).toBe(false);
  });
});

describe.each(DIALECTS)('a ban closes the member’s chat sockets on %s', (dialect) => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await chatCluster(dialect, {
      instances: 2,
      redisUrls: [REDIS_URL, REDIS_URL],
      config: { rateLimits: ROOMY_LIMITS },
    });
    const [a, b] = cluster.nodes;
    await until(() => Boolean(a?.deps.bus.connected() && b?.deps.bus.connected()), 5000, 'both instances on Redis');
  });
  afterAll(async () => cluster?.close());

  it('a report reaches the moderators on every instance at once (a bus event)', async () => {
    const [a, b] = cluster.nodes as [NonNullable<(typeof cluster.nodes)[0]>, NonNullable<(typeof cluster.nodes)[0]>];
    const heard: unknown[] = [];
    const stop = b.deps.bus.subscribe(CHAT_REPORTED_TOPIC, (message) => heard.push(message));
    const author = await ChatClient.signedIn(a, await chatMember(a, 'reported'));
    const reporter = await ChatClient.signedIn(a, await chatMember(a, 'reporter'));
    const id = await author.say('general', 'something rude');
    expect(await reporter.request({ t: 'report', iMessageID: id, sReason: 'abuse' })).toMatchObject({ t: 'ack' });
    await until(() => heard.length > 0, 2000, 'the report announced on instance B');
    expect(heard).toEqual([{ messageId: id }]);
    stop();
    author.close();
    reporter.close();
  });

  it('on both instances within 2 s', async () => {
    const [a, b] = cluster.nodes as [NonNullable<(typeof cluster.nodes)[0]>, NonNullable<(typeof cluster.nodes)[0]>];
    const member = await chatMember(a, 'bannedchat');
    const sockets = [
      await ChatClient.signedIn(a, { token: member.token }),
      await ChatClient.signedIn(b, { token: member.token }),
    ];
    const moderator = await enrolledOperator(a, 'mod@example.com', 'moderator');
    const at = Date.now();
    expect(await consoleCall(a, 'memberBan', { sUserID: member.userId, sReason: 'Abuse' }, moderator.token)).toEqual({
      iErrorCode: 0,
    });
    for (const socket of sockets) {
      const closed = await Promise.race([
        socket.closed,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, at + 2000 - Date.now()))),
      ]);
      expect(closed).toMatchObject({ code: CLOSE_SESSION_ENDED });
    }
  });
});
