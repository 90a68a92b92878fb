import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnnounceListAnswer, type AnnouncementSegment, EVERYONE } from '../../src/protocol/announcements';
import { ErrorCode } from '../../src/protocol/errors';
import type { Database } from '../../src/server/features';
import {
  AnnounceRefused,
  cancelAnnouncement,
  createAnnouncement,
  previewSegment,
} from '../../src/server/features/announcements/compose';
import {
  announcementTick,
  type DeliveryContext,
  deliverPage,
  MAIL_ATTEMPTS,
  MAIL_LEASE_MS,
  RETRY_AFTER_MS,
  sendDueMail,
} from '../../src/server/features/announcements/delivery';
import { RETRY_PAGE, retryFailedMail } from '../../src/server/features/announcements/retryMail';
import type { AnnouncementsDb } from '../../src/server/features/announcements/tables';
import { type MailMessage, SMTP_CONNECTIONS, sendFailure, smtpMailer } from '../../src/server/mail/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, enrolledOperator } from '../support/operators';
import { register, signUp } from '../support/rewardsHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

/**
 * Issue 29's announcements: segments (each criterion, ANDed), delivery exactly once per member
 * through crashes and two runners, at most one mail each, cancel, schedules, the viewer refused,
 * and the CLI and the console leaving the same audit rows.
 */
describe.each(DIALECTS)('announcements on %s', (dialect) => {
  const clock = testClock(Date.now());
  let t: TestApp;
  let adminToken: string;
  let viewerToken: string;
  const mail: MailMessage[] = [];
  const mailer = { send: async (m: MailMessage) => void mail.push(m) };
  const db = () => t.deps.db as unknown as AnnouncementsDb;
  const full = () => t.deps.db as unknown as import('kysely').Kysely<Database>;
  const who = (actor = 'cli:tester') => ({ actor, reason: 'test', now: clock.now() });
  const ctx = (extra: Partial<DeliveryContext> = {}): DeliveryContext => ({
    db: db(),
    now: () => clock.now(),
    mailer,
    publicUrl: 'http://localhost:3000',
    ...extra,
  });
  const segment = (s: Partial<AnnouncementSegment>): AnnouncementSegment => ({ ...EVERYONE, bEveryone: false, ...s });

  /** A registered member joined at the clock's now; options set their verified flag, news by email, a game run, items. */
  async function member(
    label: string,
    o: { verified?: boolean; subscribe?: boolean; played?: boolean; noMythopedia?: boolean } = {},
  ) {
    clock.advance(1000);
    const m = await signUp(t, label);
    await register(t, { userId: m.userId });
    const d = full();
    if (o.verified)
      await d
        .updateTable('user')
        .set({ emailVerified: dialect === 'postgres' ? true : 1 })
        .where('id', '=', m.userId)
        .execute();
    if (o.subscribe) await d.updateTable('member').set({ subscribe: 1 }).where('user_id', '=', m.userId).execute();
    if (o.noMythopedia) {
      // Their Mythopedia pages go to nobody (items keep their traits; only the owner changes).
      await d
        .updateTable('item')
        .set({ owner_user_id: `gone-${m.userId}` })
        .where('owner_user_id', '=', m.userId)
        .where('collection_id', '=', 'mythopedia')
        .execute();
    }
    if (o.played) {
      await d
        .insertInto('game_run')
        .values({
          game_id: 'monster-breaker',
          user_id: m.userId,
          guest_id: null,
          key_hash: `k-${m.userId}`,
          seed: 1,
          config: '{}',
          status: 'lost',
          ticks: 0,
          score: 0,
          level: 1,
          state_hash: '',
          refused_code: null,
          refused_reason: null,
          new_best: 0,
          agent_granted: 0,
          started_at: clock.now(),
          updated_at: clock.now(),
          finished_at: clock.now(),
        })
        .execute();
    }
    return m;
  }

  const deliveries = async (id: number) =>
    (
      await full()
        .selectFrom('announcement_delivery')
        .select(['user_id', 'email'])
        .where('announcement_id', '=', id)
        .orderBy('user_id')
        .execute()
    ).map((r) => r.user_id);
  const entries = async (id: number) =>
    full()
      .selectFrom('notification')
      .select('user_id')
      .where('key', '=', `announcement:${id}`)
      .execute()
      .then((rows) => rows.map((r) => r.user_id).sort());
  const statusOf = async (id: number) =>
    full().selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const code = async (work: Promise<unknown>) => {
    try {
      await work;
      return 0;
    } catch (error) {
      if (error instanceof AnnounceRefused) return error.code;
      throw error;
    }
  };
  /** Ticks until nothing is sending (a bounded number of times). */
  async function drain(extra: Partial<DeliveryContext> = {}) {
    for (let i = 0; i < 50; i++) {
      await announcementTick(ctx(extra));
      const left = await full().selectFrom('announcement').select('id').where('status', 'in', ['sending']).execute();
      // A cancelled announcement's mail stays due and is never sent.
      const due = await full()
        .selectFrom('announcement_delivery')
        .innerJoin('announcement', 'announcement.id', 'announcement_delivery.announcement_id')
        .select('user_id')
        .where('announcement_delivery.email', '=', 'due')
        .where('announcement.status', '!=', 'cancelled')
        .execute();
      if (left.length === 0 && due.length === 0) return;
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { rateLimits: ROOMY_LIMITS } });
    adminToken = (await enrolledOperator(t, 'admin@announce.example', 'admin')).token;
    viewerToken = (await enrolledOperator(t, 'viewer@announce.example', 'viewer')).token;
  });
  afterAll(() => closeTestApp(t));

  it('matches each criterion, ANDed, and delivers to exactly the members counted', async () => {
    const start = clock.now();
    const a = await member('seg-a', { verified: true, played: true });
    const b = await member('seg-b');
    const middle = clock.now();
    const c = await member('seg-c', { verified: true, noMythopedia: true });
    const d = await member('seg-d', { played: true, noMythopedia: true });
    const ids = (...ms: { userId: string }[]) => ms.map((m) => m.userId).sort();
    const after = { iJoinedAfter: start };
    const cases: Array<[Partial<AnnouncementSegment>, string[]]> = [
      [after, ids(a, b, c, d)],
      [{ ...after, iJoinedBefore: middle + 1 }, ids(a, b)],
      [{ ...after, bVerified: true }, ids(a, c)],
      [{ ...after, bPlayed: true }, ids(a, d)],
      [{ ...after, sCollectionID: 'mythopedia' }, ids(a, b)],
      [{ ...after, bVerified: true, bPlayed: true, sCollectionID: 'mythopedia' }, ids(a)],
      [{ iJoinedAfter: middle, bPlayed: true }, ids(d)],
    ];
    for (const [criteria, expected] of cases) {
      expect(await previewSegment(db(), segment(criteria)), JSON.stringify(criteria)).toBe(expected.length);
    }
    // The console's live count answers the same.
    expect(
      await consoleCall(t, 'announceCount', { pSegment: { ...after, bVerified: true } }, viewerToken),
    ).toMatchObject({ iErrorCode: 0, iCount: 2 });

    const sent = await createAnnouncement(
      db(),
      {
        title: 'Hello',
        body: 'To **verified** players',
        segment: segment({ ...after, bVerified: true, bPlayed: true }),
        sendAt: 0,
        email: false,
      },
      who(),
    );
    expect(sent.count).toBe(1);
    await drain({ pageSize: 1 });
    expect(await deliveries(sent.id)).toEqual(ids(a));
    expect(await entries(sent.id)).toEqual(ids(a));
    expect(await statusOf(sent.id)).toMatchObject({ status: 'sent', delivered: 1, total: 1 });
  });

  it('a crash before a page commits, and a stop between pages, neither skip nor repeat; mail goes at most once', async () => {
    const start = clock.now();
    const ms = [];
    for (let i = 0; i < 7; i++) ms.push(await member(`crash-${i}`, { subscribe: i % 2 === 0 }));
    const { id } = await createAnnouncement(
      db(),
      { title: 'Crash test', body: 'Once *only*', segment: segment({ iJoinedAfter: start }), sendAt: 0, email: true },
      who(),
    );
    await announcementTick(ctx({ pagesPerTick: 0 }));
    expect((await statusOf(id)).status).toBe('sending');
    // One page commits (and its mail goes), then the process stops between pages.
    await deliverPage({ ...ctx(), pageSize: 2 }, id);
    expect((await deliveries(id)).length).toBe(2);
    // The next page's transaction dies just before its commit: nothing of it remains.
    const crash = new Error('crash before commit');
    const crashing = new Proxy(db(), {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: (work: (trx: AnnouncementsDb) => Promise<unknown>) =>
              target.transaction().execute(async (trx) => {
                await work(trx);
                throw crash;
              }),
          });
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(deliverPage({ db: crashing, now: () => clock.now(), pageSize: 2 }, id)).rejects.toBe(crash);
    expect((await deliveries(id)).length).toBe(2);
    expect((await statusOf(id)).delivered).toBe(2);
    // A mailer that fails once: that member's mail is lost, never sent twice.
    let failures = 1;
    const flaky = {
      send: async (m: MailMessage) => {
        if (failures-- > 0) throw new Error('smtp down');
        mail.push(m);
      },
    };
    const before = mail.length;
    await announcementTick(ctx({ mailer: flaky, pageSize: 2 })).catch(() => undefined);
    // The restart: everything left is delivered.
    await drain({ pageSize: 2 });
    await drain({ pageSize: 2 });
    const all = ms.map((m) => m.userId).sort();
    expect(await deliveries(id)).toEqual(all);
    expect(await entries(id)).toEqual(all);
    expect(await statusOf(id)).toMatchObject({ status: 'sent', delivered: 7, total: 7 });
    const mailed = mail.slice(before).map((m) => m.to);
    const subscribed = ms.filter((_, i) => i % 2 === 0).map((m) => m.email);
    expect(new Set(mailed).size).toBe(mailed.length);
    expect(mailed.every((to) => subscribed.includes(to))).toBe(true);
    expect(mailed.length).toBe(subscribed.length - 1);
    expect(mail.at(-1)).toMatchObject({ subject: 'Crash test' });
    expect(mail.at(-1)?.text).toContain('Once only');
  });

  it('two runners at once deliver each member once', async () => {
    const start = clock.now();
    const ms = [];
    for (let i = 0; i < 6; i++) ms.push(await member(`race-${i}`));
    const { id } = await createAnnouncement(
      db(),
      { title: 'Race', body: 'Once', segment: segment({ iJoinedAfter: start }), sendAt: 0, email: false },
      who(),
    );
    await Promise.all([drain({ pageSize: 2 }), drain({ pageSize: 2 }), drain({ pageSize: 3 })]);
    expect(await deliveries(id)).toEqual(ms.map((m) => m.userId).sort());
    expect(await entries(id)).toHaveLength(6);
    expect(await statusOf(id)).toMatchObject({ status: 'sent', delivered: 6 });
  });

  it('members see the popup once and the entry stays in the notification centre', async () => {
    const start = clock.now();
    const m = await member('popup');
    const { id } = await createAnnouncement(
      db(),
      { title: 'Popup', body: 'Read **me**', segment: segment({ iJoinedAfter: start }), sendAt: 0, email: false },
      who(),
    );
    await drain();
    const data = await t.call('getUserData', {}, m.token);
    expect((data.pUserData as { aAnnouncements: unknown[] }).aAnnouncements).toEqual([
      expect.objectContaining({ iAnnouncementID: id, sTitle: 'Popup', sBody: 'Read **me**' }),
    ]);
    expect(await t.call('ackAnnouncement', { iAnnouncementID: id }, m.token)).toMatchObject({ iErrorCode: 0 });
    const again = await t.call('getUserData', {}, m.token);
    expect((again.pUserData as { aAnnouncements: unknown[] }).aAnnouncements).toEqual([]);
    const list = await t.call('listNotifications', {}, m.token);
    expect(list.aNotifications).toEqual([
      expect.objectContaining({ sKind: 'announcement', sTitle: 'Popup', sBody: 'Read me' }),
    ]);
    expect(await t.call('ackAnnouncement', { iAnnouncementID: id + 1000 }, m.token)).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
  });

  it('the console and the CLI write the same audit rows but for the actor; a viewer reads and is refused', async () => {
    const start = clock.now();
    await member('audit', { verified: true });
    const iJoinedAfter = start;
    const viaConsole = await consoleCall(
      t,
      'announceSend',
      { sTitle: 'Same', sBody: 'Same body', pSegment: { iJoinedAfter, bVerified: true }, sReason: 'Launch' },
      adminToken,
    );
    expect(viaConsole).toMatchObject({ iErrorCode: 0, iCount: 1 });
    const viaCli = await admin(
      t,
      'announce',
      'send',
      '--title',
      'Same',
      '--body',
      'Same body',
      '--segment',
      `joined-after=${iJoinedAfter}`,
      '--segment',
      'verified',
      '--reason',
      'Launch',
    );
    expect(viaCli.exitCode, viaCli.output).toBe(0);
    const rows = (await listAudit(t.deps.db, 50)).filter((r) => r.action === 'announce.send').slice(0, 2);
    const [cli, web] = rows.map((r) => {
      const { id: _id, ...detail } = JSON.parse(r.detail) as Record<string, unknown>;
      return { actor: r.actor, action: r.action, detail, member: r.member_id };
    });
    expect(web?.actor).toBe('console:admin@announce.example');
    expect(cli?.actor).toBe('cli:tester');
    expect({ ...cli, actor: '' }).toEqual({ ...web, actor: '' });

    // Cancel, both ways, the same.
    const cliId = Number(/Announcement (\d+)/.exec(viaCli.output)?.[1]);
    expect((await admin(t, 'announce', 'cancel', String(cliId), '--reason', 'Oops')).exitCode).toBe(0);
    expect(
      await consoleCall(
        t,
        'announceCancel',
        { iAnnouncementID: viaConsole.iAnnouncementID, sReason: 'Oops' },
        adminToken,
      ),
    ).toMatchObject({ iErrorCode: 0 });
    const listed = await admin(t, 'announce', 'list');
    expect(listed.output).toMatch(
      new RegExp(`^\\s*${cliId}\\s+cancelled\\s.*Same\\s+\\[joined after .*, verified email\\]$`, 'm'),
    );
    expect((await admin(t, 'announce', 'count', '--segment', `joined-after=${iJoinedAfter},verified`)).output).toBe(
      '1 member matches',
    );
    const cancels = (await listAudit(t.deps.db, 50)).filter((r) => r.action === 'announce.cancel').slice(0, 2);
    expect(cancels.map((r) => JSON.parse(r.detail).reason)).toEqual(['Oops', 'Oops']);
    expect(cancels.map((r) => r.actor)).toEqual(['console:admin@announce.example', 'cli:tester']);

    // The viewer reads, and is refused every change.
    const list = await consoleCall(t, 'announceList', {}, viewerToken);
    expect(list).toMatchObject({ iErrorCode: 0 });
    expect((list.aRows as Array<{ sStatus: string }>).slice(0, 2).map((r) => r.sStatus)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(list.aCollections).toEqual(expect.arrayContaining([expect.objectContaining({ sCollectionID: 'agent' })]));
    expect(
      await consoleCall(
        t,
        'announceSend',
        { sTitle: 'X', sBody: 'Y', pSegment: { bEveryone: true }, sReason: 'r' },
        viewerToken,
      ),
    ).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_FORBIDDEN });
    expect(await consoleCall(t, 'announceCancel', { iAnnouncementID: cliId, sReason: 'r' }, viewerToken)).toMatchObject(
      {
        iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
      },
    );
  });

  it('answers bad input with its code, in the console and the CLI alike', async () => {
    const send = (body: Record<string, unknown>) =>
      consoleCall(
        t,
        'announceSend',
        { sTitle: 'T', sBody: 'B', pSegment: { bEveryone: true }, sReason: 'r', ...body },
        adminToken,
      );
    expect(await send({ sTitle: 'x'.repeat(121) })).toMatchObject({ iErrorCode: ErrorCode.ANNOUNCE_TEXT_INVALID });
    expect(await send({ sBody: '   ' })).toMatchObject({ iErrorCode: ErrorCode.ANNOUNCE_TEXT_INVALID });
    expect(await send({ pSegment: {} })).toMatchObject({ iErrorCode: ErrorCode.ANNOUNCE_SEGMENT_INVALID });
    expect(await send({ pSegment: { sCollectionID: 'nope' } })).toMatchObject({
      iErrorCode: ErrorCode.ANNOUNCE_SEGMENT_INVALID,
    });
    expect(await send({ pSegment: { iJoinedAfter: 2000, iJoinedBefore: 1000 } })).toMatchObject({
      iErrorCode: ErrorCode.ANNOUNCE_SEGMENT_INVALID,
    });
    expect(await send({ iSendAt: clock.now() - 3_600_000 })).toMatchObject({
      iErrorCode: ErrorCode.ANNOUNCE_TIME_INVALID,
    });
    expect(await send({ pSegment: { iJoinedAfter: clock.now() + 86_400_000 } })).toMatchObject({
      iErrorCode: ErrorCode.ANNOUNCE_NO_RECIPIENTS,
    });
    expect(await send({ sReason: '' })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(
      await consoleCall(t, 'announceCancel', { iAnnouncementID: 999_999, sReason: 'r' }, adminToken),
    ).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
    const cli = await admin(t, 'announce', 'send', '--title', 'x'.repeat(121), '--body', 'B');
    expect(cli).toMatchObject({ exitCode: 1 });
    expect(cli.output).toContain('title of 1–120');
    expect(
      (await admin(t, 'announce', 'send', '--title', 'T', '--body', 'B', '--segment', 'shoe-size=9')).exitCode,
    ).toBe(2);
  });

  it('honours the schedule, and cancel stops a scheduled and an in-progress send', async () => {
    const start = clock.now();
    const ms = [];
    for (let i = 0; i < 4; i++) ms.push(await member(`sched-${i}`));
    const later = await createAnnouncement(
      db(),
      {
        title: 'Later',
        body: 'In an hour',
        segment: segment({ iJoinedAfter: start }),
        sendAt: clock.now() + 3_600_000,
        email: false,
      },
      who(),
    );
    const never = await createAnnouncement(
      db(),
      {
        title: 'Never',
        body: 'Cancelled',
        segment: segment({ iJoinedAfter: start }),
        sendAt: clock.now() + 3_600_000,
        email: false,
      },
      who(),
    );
    await drain();
    expect(await deliveries(later.id)).toEqual([]);
    await cancelAnnouncement(db(), never.id, who());
    clock.advance(3_600_000);
    await drain();
    expect(await deliveries(later.id)).toHaveLength(4);
    expect(await deliveries(never.id)).toEqual([]);
    expect((await statusOf(never.id)).status).toBe('cancelled');
    expect(await code(cancelAnnouncement(db(), later.id, who()))).toBe(ErrorCode.ANNOUNCE_NOT_CANCELLABLE);

    // In progress: one page delivered, then cancelled: no more.
    const midway = await createAnnouncement(
      db(),
      { title: 'Midway', body: 'Stops', segment: segment({ iJoinedAfter: start }), sendAt: 0, email: false },
      who(),
    );
    await announcementTick(ctx({ pageSize: 1, pagesPerTick: 1 }));
    expect(await deliveries(midway.id)).toHaveLength(1);
    await cancelAnnouncement(db(), midway.id, who());
    await drain();
    expect(await deliveries(midway.id)).toHaveLength(1);
    expect(await code(cancelAnnouncement(db(), midway.id, who()))).toBe(ErrorCode.ANNOUNCE_NOT_CANCELLABLE);
  });
  /** `n` members joined now, subscribed to news by email, and an announcement with mail to them (not started). */
  async function mailedAnnouncement(label: string, n: number, extra: { unsubscribed?: number } = {}) {
    const start = clock.now();
    const ms = [];
    for (let i = 0; i < n; i++) ms.push(await member(`${label}-${i}`, { subscribe: true }));
    for (let i = 0; i < (extra.unsubscribed ?? 0); i++) ms.push(await member(`${label}-quiet-${i}`));
    const { id } = await createAnnouncement(
      db(),
      {
        title: label,
        body: `News for **${label}**`,
        segment: segment({ iJoinedAfter: start }),
        sendAt: 0,
        email: true,
      },
      who(),
    );
    return { id, ms, subscribed: ms.slice(0, n) };
  }
  /** A mailer that records each mail after a short wait, and the most sends it had at once. */
  function countingMailer(fail: (call: number) => boolean = () => false) {
    const got: MailMessage[] = [];
    let calls = 0;
    let inFlight = 0;
    let most = 0;
    return {
      got,
      most: () => most,
      send: async (m: MailMessage) => {
        const call = ++calls;
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          await new Promise((r) => setTimeout(r, 5));
          if (fail(call)) throw new Error(`smtp refused call ${call}`);
          got.push(m);
        } finally {
          inFlight--;
        }
      },
    };
  }
  const emailStates = async (id: number) => {
    const rows = await full()
      .selectFrom('announcement_delivery')
      .select(['email'])
      .where('announcement_id', '=', id)
      .execute();
    const count = (state: string) => rows.filter((r) => r.email === state).length;
    const some = Object.fromEntries(
      ['sending', 'retry', 'failed'].map((state) => [state, count(state)]).filter(([, n]) => n !== 0),
    );
    return { due: count('due'), sent: count('sent'), ...some };
  };
  const recipients = (got: MailMessage[]) => got.map((m) => m.to).sort();

  it('mails more subscribers than one round of sends, several at once, each once, and counts them exactly', async () => {
    const { id, ms, subscribed } = await mailedAnnouncement('rounds', 14, { unsubscribed: 2 });
    const mailer = countingMailer();
    // A tick's mail budget stops it part way; the next ticks go on where it stopped.
    const first = await announcementTick(ctx({ mailer, mailPerTick: 12 }));
    expect(first.emailed).toBe(12);
    expect(await emailStates(id)).toEqual({ due: 2, sent: 12 });
    await drain({ mailer });
    expect(await deliveries(id)).toEqual(ms.map((m) => m.userId).sort());
    expect(recipients(mailer.got)).toEqual(subscribed.map((m) => m.email).sort());
    expect(mailer.most()).toBeGreaterThan(1);
    expect(mailer.most()).toBeLessThanOrEqual(8);
    expect(await statusOf(id)).toMatchObject({ status: 'sent', delivered: 16, emailed: 14 });
    expect(mailer.got[0]).toMatchObject({ subject: 'rounds' });
    expect(mailer.got[0]?.text).toContain('News for rounds');
  });

  it('a mailer failing mid-round mails no one twice on the next run, and emailed counts exactly what went', async () => {
    const { id, subscribed } = await mailedAnnouncement('flaky', 12);
    // The tick's first round is one mail, the second eight at once: the fifth send fails among them.
    const flaky = countingMailer((call) => call === 5);
    await expect(announcementTick(ctx({ mailer: flaky }))).rejects.toThrow('smtp refused call 5');
    expect(flaky.got).toHaveLength(8);
    expect(await emailStates(id)).toEqual({ due: 3, sent: 9 });
    expect((await statusOf(id)).emailed).toBe(8);
    // A mail server that is down costs one mail per tick, not a round.
    const down = countingMailer(() => true);
    await expect(sendDueMail(ctx({ mailer: down }))).rejects.toThrow('smtp refused call 1');
    expect(await emailStates(id)).toEqual({ due: 2, sent: 10 });
    const healthy = countingMailer();
    await drain({ mailer: healthy });
    const all = [...flaky.got, ...healthy.got];
    expect(new Set(recipients(all)).size).toBe(all.length);
    expect(all).toHaveLength(subscribed.length - 2);
    expect(recipients(all).every((to) => subscribed.some((m) => m.email === to))).toBe(true);
    expect(await emailStates(id)).toEqual({ due: 0, sent: 12 });
    expect((await statusOf(id)).emailed).toBe(10);
  });

  it('a leader killed with a round in flight: the rest go at once, that round after the lease, each once', async () => {
    const { id, subscribed } = await mailedAnnouncement('killed', 12);
    const got: MailMessage[] = [];
    let calls = 0;
    let roundInFlight: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      roundInFlight = resolve;
    });
    // The first mail goes; the second round's eight never finish, as in a process killed mid-send.
    const dying = {
      send: (m: MailMessage) => {
        calls++;
        if (calls === 9) roundInFlight();
        if (calls > 1) return new Promise<void>(() => {});
        got.push(m);
        return Promise.resolve();
      },
    };
    void announcementTick(ctx({ mailer: dying }));
    await reached;
    expect(await emailStates(id)).toEqual({ due: 3, sending: 8, sent: 1 });
    // The next leader mails what is due; the dead round's claim stands until its lease ends.
    const next = countingMailer();
    await drain({ mailer: next });
    expect(next.got).toHaveLength(3);
    expect(await emailStates(id)).toEqual({ due: 0, sending: 8, sent: 4 });
    clock.advance(MAIL_LEASE_MS - 1000);
    await drain({ mailer: next });
    expect(next.got).toHaveLength(3);
    clock.advance(1001);
    await drain({ mailer: next });
    const all = recipients([...got, ...next.got]);
    expect(all).toEqual(subscribed.map((m) => m.email).sort());
    expect(await emailStates(id)).toEqual({ due: 0, sent: 12 });
    expect((await statusOf(id)).emailed).toBe(12);
  });

  it('does not mail a member who unsubscribed after delivery, nor the rest of a cancelled announcement', async () => {
    const quitting = await mailedAnnouncement('quitting', 4);
    await announcementTick(ctx({ pagesPerTick: 0 }));
    expect(await deliverPage(ctx(), quitting.id)).toMatchObject({ delivered: 4 });
    const gone = quitting.subscribed[1];
    await full().updateTable('member').set({ subscribe: 0 }).where('user_id', '=', `${gone?.userId}`).execute();
    const mailer = countingMailer();
    await drain({ mailer });
    expect(recipients(mailer.got)).toEqual(
      quitting.subscribed
        .filter((m) => m !== gone)
        .map((m) => m.email)
        .sort(),
    );
    expect((await statusOf(quitting.id)).emailed).toBe(3);

    const cancelled = await mailedAnnouncement('cancelled', 10);
    await announcementTick(ctx({ pagesPerTick: 0 }));
    await deliverPage({ ...ctx(), pageSize: 6 }, cancelled.id);
    await cancelAnnouncement(db(), cancelled.id, who());
    const after = await mailedAnnouncement('after', 3);
    const later = countingMailer();
    await drain({ mailer: later });
    // The cancelled one's mail is stood down, not sent; a later announcement's goes.
    expect(recipients(later.got)).toEqual(after.subscribed.map((m) => m.email).sort());
    expect(await emailStates(cancelled.id)).toEqual({ due: 0, sent: 0 });
    expect(await statusOf(cancelled.id)).toMatchObject({ status: 'cancelled', emailed: 0 });
  });

  it('stands down a cancelled announcement’s unsent mail in bounded steps, so claims stop walking past it', async () => {
    const { id } = await mailedAnnouncement('stand-down', 1);
    await announcementTick(ctx({ pagesPerTick: 0 }));
    await cancelAnnouncement(db(), id, who());
    // A large mailing cancelled before its mail went: rows straight into the table.
    const unsent = 12_000;
    const rows = Array.from({ length: unsent }, (_, i) => ({
      announcement_id: id,
      user_id: `unsent-${i}`,
      delivered_at: clock.now(),
      email: i % 10 === 0 ? ('retry' as const) : ('due' as const),
      mail_retry_at: i % 10 === 0 ? clock.now() + 60_000 : null,
    }));
    await full()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 60) {
          await trx
            .insertInto('announcement_delivery')
            .values(rows.slice(i, i + 60))
            .execute();
        }
      });
    const unsentLeft = async () =>
      Number(
        (
          await full()
            .selectFrom('announcement_delivery')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('announcement_id', '=', id)
            .where('email', 'in', ['due', 'retry'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mailer = countingMailer();
    await announcementTick(ctx({ mailer }));
    // One tick stands down at most a page (5,000); the rest go on the next ticks; none is mailed.
    expect(await unsentLeft()).toBe(unsent - 5000);
    await announcementTick(ctx({ mailer }));
    await announcementTick(ctx({ mailer }));
    expect(await unsentLeft()).toBe(0);
    expect(mailer.got).toEqual([]);
  });
  it('over the pooled SMTP transport, the mails of a tick arrive once each on a few reused connections', async () => {
    const { id, subscribed } = await mailedAnnouncement('pooled', 12);
    const byRecipient = new Map<string, number>();
    let connections = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        connections++;
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          for (const to of session.envelope.rcptTo) byRecipient.set(to.address, (byRecipient.get(to.address) ?? 0) + 1);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtp = smtpMailer(`smtp://127.0.0.1:${port}`, 'portal@example.com', { pooled: true });
    try {
      expect((await announcementTick(ctx({ mailer: smtp }))).emailed).toBe(12);
    } finally {
      smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect([...byRecipient.keys()].sort()).toEqual(subscribed.map((m) => m.email.toLowerCase()).sort());
    expect([...byRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(connections).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    expect((await statusOf(id)).emailed).toBe(12);
  });

  it('a tick makes due again only as many deferred mails as it may send', async () => {
    const { id } = await mailedAnnouncement('busy', 5);
    const busy = {
      send: async () => {
        throw Object.assign(new Error('451 try again later'), { command: 'RCPT TO', responseCode: 451 });
      },
    };
    // A deferral stops neither the round nor the tick: all five wait for their second attempt.
    await announcementTick(ctx({ mailer: busy }));
    expect(await emailStates(id)).toEqual({ due: 0, sent: 0, retry: 5 });
    clock.advance(RETRY_AFTER_MS[0]);
    await sendDueMail(ctx({ mailer: busy, mailPerTick: 2 }));
    const attempts = await full()
      .selectFrom('announcement_delivery')
      .select('mail_attempts')
      .where('announcement_id', '=', id)
      .execute();
    expect(attempts.map((row) => Number(row.mail_attempts)).sort()).toEqual([1, 1, 1, 2, 2]);
    expect(await emailStates(id)).toEqual({ due: 0, sent: 0, retry: 5 });
    clock.advance(RETRY_AFTER_MS[1]);
    await drain({ mailer: countingMailer() });
    expect(await emailStates(id)).toEqual({ due: 0, sent: 5 });
    expect(await statusOf(id)).toMatchObject({ emailed: 5, mail_failed: 0 });
  });

  it('a mail server not listening: the tick stops at its first mail, which goes at its retry with the rest', async () => {
    const { id, subscribed } = await mailedAnnouncement('nowhere', 3);
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = smtpMailer(`smtp://127.0.0.1:${deadPort}`, 'portal@example.com');
    const failure = await announcementTick(ctx({ mailer: unreachable })).catch((error: unknown) => error);
    expect(sendFailure(failure)).toBe('unreachable');
    expect(await emailStates(id)).toEqual({ due: 2, sent: 0, retry: 1 });
    const mailer = countingMailer();
    await drain({ mailer });
    expect(await emailStates(id)).toEqual({ due: 0, sent: 2, retry: 1 });
    clock.advance(RETRY_AFTER_MS[0]);
    await drain({ mailer });
    expect(recipients(mailer.got)).toEqual(subscribed.map((m) => m.email).sort());
    expect(await emailStates(id)).toEqual({ due: 0, sent: 3 });
    expect(await statusOf(id)).toMatchObject({ emailed: 3, mail_failed: 0 });
  });

  it('over SMTP: a mail deferred goes at a later attempt, one refused or deferred at every attempt is counted failed, none twice', async () => {
    const { id, subscribed } = await mailedAnnouncement('deferred', 6);
    const [refused, alwaysDeferred, greylisted] = subscribed.map((m) => m.email.toLowerCase());
    const asked = new Map<string, number>();
    const received = new Map<string, number>();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        const n = (asked.get(to) ?? 0) + 1;
        asked.set(to, n);
        const no = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
        if (to === refused) return no(550, 'No such mailbox');
        if (to === alwaysDeferred || (to === greylisted && n === 1)) return no(451, 'Greylisted, try again later');
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          for (const to of session.envelope.rcptTo) received.set(to.address, (received.get(to.address) ?? 0) + 1);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtp = smtpMailer(`smtp://127.0.0.1:${port}`, 'portal@example.com', { pooled: true });
    try {
      // Refusals and deferrals of one recipient do not stop the others.
      await drain({ mailer: smtp });
      expect(await emailStates(id)).toEqual({ due: 0, sent: 3, retry: 2, failed: 1 });
      // Each wait, then the next attempt; nothing is tried before its time.
      for (const wait of RETRY_AFTER_MS) {
        const before = new Map(asked);
        clock.advance(wait - 1000);
        await drain({ mailer: smtp });
        expect(asked).toEqual(before);
        clock.advance(1000);
        await drain({ mailer: smtp });
      }
    } finally {
      smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const accepted = subscribed
      .map((m) => m.email.toLowerCase())
      .filter((to) => to !== refused && to !== alwaysDeferred);
    expect([...received.keys()].sort()).toEqual(accepted.sort());
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(asked.get(refused as string)).toBe(1);
    expect(asked.get(greylisted as string)).toBe(2);
    expect(asked.get(alwaysDeferred as string)).toBe(MAIL_ATTEMPTS);
    expect(await emailStates(id)).toEqual({ due: 0, sent: 4, failed: 2 });
    expect(await statusOf(id)).toMatchObject({ emailed: 4, mail_failed: 2 });
    // Hours passed: the console session of the start timed out; an operator signs in again.
    const operator = (await enrolledOperator(t, 'later@announce.example', 'admin')).token;
    const list = (await consoleCall(t, 'announceList', { iPage: 0 }, operator)) as unknown as AnnounceListAnswer;
    expect(list.aRows.find((row) => row.iAnnouncementID === id)).toMatchObject({ iEmailed: 4, iMailFailed: 2 });

    // The mail server is fine again: the operator sends the failed mail again. The one it refused
    // stays failed; the one it deferred five times gets five new tries, and goes.
    const viewer = (await enrolledOperator(t, 'later-viewer@announce.example', 'viewer')).token;
    const asViewer = await consoleCall(t, 'announceRetryMail', { iAnnouncementID: id, sReason: 'x' }, viewer);
    expect(asViewer.iErrorCode).toBe(ErrorCode.CONSOLE_FORBIDDEN);
    const retried = await consoleCall(
      t,
      'announceRetryMail',
      { iAnnouncementID: id, sReason: 'The mail server is back' },
      operator,
    );
    expect(retried).toMatchObject({ iErrorCode: 0, iQueued: 1, iStillFailed: 1 });
    expect(await emailStates(id)).toEqual({ due: 1, sent: 4, failed: 1 });
    const again = countingMailer();
    await drain({ mailer: again });
    expect(recipients(again.got)).toEqual([alwaysDeferred]);
    expect(await emailStates(id)).toEqual({ due: 0, sent: 5, failed: 1 });
    expect(await statusOf(id)).toMatchObject({ emailed: 5, mail_failed: 1 });
    // Asked again (the CLI this time): nothing left that a new try could send.
    const viaCli = await admin(t, 'announce', 'retry-mail', String(id), '--reason', 'once more');
    expect(viaCli.output).toContain('0 mails to send again');
    expect(viaCli.output).toContain('1 stay failed');
    const audit = (await listAudit(full(), 50)).filter((e) => e.action === 'announce.retry-mail');
    expect(audit.map((e) => [e.actor, JSON.parse(e.detail)])).toEqual([
      ['cli:tester', { id, queued: 0, stillFailed: 1, reason: 'once more' }],
      ['console:later@announce.example', { id, queued: 1, stillFailed: 1, reason: 'The mail server is back' }],
    ]);
  });

  it('sends failed mail again in bounded pages, and only for an announcement sent by email and not cancelled', async () => {
    const { id } = await mailedAnnouncement('retry-pages', 1);
    await drain({ mailer: countingMailer() });
    // A long outage's worth of mail out of tries: rows straight into the table (members need not exist for it).
    const failed = 2 * RETRY_PAGE + 7;
    const rows = Array.from({ length: failed }, (_, i) => ({
      announcement_id: id,
      user_id: `gone-${i}`,
      delivered_at: clock.now(),
      email: 'failed' as const,
      mail_attempts: MAIL_ATTEMPTS,
    }));
    for (let i = 0; i < rows.length; i += 80) {
      await full()
        .insertInto('announcement_delivery')
        .values(rows.slice(i, i + 80))
        .execute();
    }
    await full().updateTable('announcement').set({ mail_failed: failed }).where('id', '=', id).execute();
    expect(await retryFailedMail(db(), id, who())).toEqual({ queued: failed, stillFailed: 0 });
    expect(await emailStates(id)).toEqual({ due: failed, sent: 1 });
    const due = await full()
      .selectFrom('announcement_delivery')
      .select(['mail_attempts', 'mail_retry_at'])
      .where('announcement_id', '=', id)
      .where('email', '=', 'due')
      .distinct()
      .execute();
    expect(due.map((r) => [Number(r.mail_attempts), r.mail_retry_at])).toEqual([[0, null]]);

    expect(await code(retryFailedMail(db(), 999_999, who()))).toBe(ErrorCode.NOT_FOUND);
    const { id: cancelled } = await mailedAnnouncement('retry-cancelled', 1);
    await cancelAnnouncement(db(), cancelled, who());
    expect(await code(retryFailedMail(db(), cancelled, who()))).toBe(ErrorCode.FORBIDDEN);
    const later = await createAnnouncement(
      db(),
      { title: 'Later', body: 'Later', segment: { ...EVERYONE }, sendAt: clock.now() + 3600_000, email: true },
      who(),
    );
    expect(await code(retryFailedMail(db(), later.id, who()))).toBe(ErrorCode.FORBIDDEN);
    const quiet = await createAnnouncement(
      db(),
      { title: 'No mail', body: 'No mail', segment: { ...EVERYONE }, sendAt: 0, email: false },
      who(),
    );
    expect(await code(retryFailedMail(db(), quiet.id, who()))).toBe(ErrorCode.FORBIDDEN);
    await cancelAnnouncement(db(), later.id, who());
    await drain({ mailer: countingMailer() });
  });
});
