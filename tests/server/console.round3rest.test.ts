import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { CHAT_REPORTED_TOPIC } from '../../src/server/features/chat/index';
import { reportMessage } from '../../src/server/features/chat/moderation';
import { findBalance } from '../../src/server/features/rewards/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { consoleCall, enrolledOperator } from '../support/operators';
import { memberWithTickets } from '../support/raffleHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

type Answer = Record<string, unknown>;

/**
 * Issue 38, the rest of round 3: refusals that say the numbers (the daily total and what is left,
 * what a member holds), and the levers added for an operator's day.
 */
describe.each(DIALECTS)('the console, round 3 continued, on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let supportToken: string;
  const clock = testClock(Date.UTC(2026, 10, 28, 9));

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { rateLimits: ROOMY_LIMITS } });
    adminToken = (await enrolledOperator(t, 'admin@round3b.example', 'admin')).token;
    supportToken = (await enrolledOperator(t, 'support@round3b.example', 'support')).token;
  });
  afterAll(() => closeTestApp(t));

  const call = (action: string, body: Answer = {}, token = adminToken) => consoleCall(t, action, body, token);

  it('a grant past the daily total says the total, what was granted today and what is left', async () => {
    const m = await memberWithTickets(t, 1, 'capped');
    const grant = (iAmount: number, key: string) =>
      call('memberGrant', { sUserID: m.userId, sAsset: 'points', iAmount, sKey: key, sReason: 'Event' }, supportToken);
    for (let i = 0; i < 4; i++) expect(await grant(1000, `daily-cap-${i}`)).toMatchObject({ iErrorCode: 0 });
    expect((await grant(200, 'daily-cap-4')).iErrorCode).toBe(0);
    const refused = await grant(1000, 'daily-cap-5');
    expect(refused).toEqual({
      iErrorCode: ErrorCode.CONSOLE_GRANT_DAILY_CAP,
      sMessage:
        'That grant passes your daily total: 5,000 points and tickets a day for support; 4,200 granted today, 800 left.',
    });
    // The refused grant left the day's total as it was: 800 still passes.
    expect((await grant(800, 'daily-cap-6')).iErrorCode).toBe(0);
  });

  it('a take-back of more than the member holds says what they hold', async () => {
    const m = await memberWithTickets(t, 3, 'holder');
    const points = (await findBalance(t.deps.db, m.userId)).points;
    const answer = await call('memberGrant', {
      sUserID: m.userId,
      sAsset: 'tickets',
      iAmount: -10,
      sKey: `take-${dialect}`,
      sReason: 'Mistake',
    });
    expect(answer).toEqual({
      iErrorCode: ErrorCode.BAD_INPUT,
      sMessage: 'The member holds 3 tickets: a take-back can be at most that.',
    });
    expect((await findBalance(t.deps.db, m.userId)).points).toBe(points);
  });
});

describe.each(DIALECTS)('the console’s forms and lists, on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  const clock = testClock(Date.UTC(2026, 10, 28, 9));

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { rateLimits: ROOMY_LIMITS } });
    adminToken = (await enrolledOperator(t, 'admin@forms.example', 'admin')).token;
  });
  afterAll(() => closeTestApp(t));
  const call = (action: string, body: Answer = {}) => consoleCall(t, action, body, adminToken);

  it('an announcement sent now is under way at once, never "scheduled"', async () => {
    await memberWithTickets(t, 1, 'reader');
    const sent = await call('announceSend', {
      sTitle: 'Now',
      sBody: 'Right away',
      pSegment: { bEveryone: true },
      iSendAt: 0,
      bEmail: false,
      sReason: 'News',
    });
    expect(sent).toMatchObject({ iErrorCode: 0 });
    const list = (await call('announceList', { iPage: 0 })) as { aRows: Array<{ sTitle: string; sStatus: string }> };
    expect(list.aRows.find((r) => r.sTitle === 'Now')?.sStatus).toMatch(/^(sending|sent)$/);
  });

  it('a store item with several problems is refused with every one of them', async () => {
    const answer = await call('storeItemAdd', {
      sStoreItemID: `bundle-${dialect}`,
      sKind: 'tickets',
      sName: 'Bundle',
      iTickets: 0,
      iPrice: 5,
      iAvailableFrom: clock.now() + 10_000,
      iAvailableUntil: clock.now(),
      sReason: 'New bundle',
    });
    expect(answer).toEqual({
      iErrorCode: ErrorCode.STORE_ITEM_INVALID,
      sMessage: 'Ticket bundles and raffle entries give at least 1 ticket. The sale window must end after it starts.',
    });
  });
});

describe.each(DIALECTS)('the moderation queue, pushed and with its history, on %s', (dialect) => {
  let t: TestApp;
  let modToken: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    modToken = (await enrolledOperator(t, 'mod@queue.example', 'moderator')).token;
  });
  afterAll(() => closeTestApp(t));
  const call = (action: string, body: Answer = {}) => consoleCall(t, action, body, modToken);

  async function reportOf(label: string) {
    const author = await memberWithTickets(t, 1, `${label}a`);
    const reporter = await memberWithTickets(t, 1, `${label}r`);
    seq += 1;
    const message = await t.deps.db
      .insertInto('chat_message')
      .values({
        channel_id: 'general',
        user_id: author.userId,
        body: `nasty ${label}`,
        item_id: null,
        mentions: '[]',
        nonce: `n-${seq}-${Math.random()}`,
        created_at: Date.now() + seq,
        edited_at: null,
        deleted_at: null,
        deleted_by: null,
        changed_at: Date.now() + seq,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messageId = Number(message.id);
    await reportMessage(t.deps.db, {
      messageId,
      reporterId: reporter.userId,
      reason: 'abuse',
      note: '',
      now: Date.now(),
    });
    return { author, reporter, messageId };
  }

  it('reportsSince with a wait answers as soon as the bus announces a report, not at the wait’s end', async () => {
    const first = (await call('reportList', { iPageSize: 100 })) as { iCursor: number };
    const started = Date.now();
    const waiting = call('reportsSince', { iCursor: first.iCursor, iWaitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const r = await reportOf('pushed');
    t.deps.bus.publish(CHAT_REPORTED_TOPIC, { messageId: r.messageId });
    const answer = (await waiting) as { aRows: Array<{ iMessageID: number }> };
    expect(answer.aRows.map((row) => row.iMessageID)).toEqual([r.messageId]);
    expect(Date.now() - started).toBeLessThan(5_000);
    // With nothing new, it answers empty after its wait.
    const quiet = Date.now();
    const empty = (await call('reportsSince', { iCursor: 1_000_000, iWaitMs: 300 })) as { aRows: unknown[] };
    expect(empty.aRows).toEqual([]);
    expect(Date.now() - quiet).toBeGreaterThanOrEqual(250);
  });

  it('reportHistory lists resolved reports with who resolved them, how and when, the latest first, paged', async () => {
    const a = await reportOf('histA');
    const b = await reportOf('histB');
    const open = (await call('reportList', { iPageSize: 100 })) as {
      aRows: Array<{ iReportID: number; iMessageID: number }>;
    };
    const idOf = (messageId: number) => open.aRows.find((row) => row.iMessageID === messageId)?.iReportID;
    expect(
      await call('reportResolve', { iReportID: idOf(a.messageId), sResolution: 'dismiss', sReason: 'Fine' }),
    ).toMatchObject({ iErrorCode: 0 });
    expect(
      await call('reportResolve', {
        iReportID: idOf(b.messageId),
        sResolution: 'mute',
        sReason: 'Rude',
        iDurationMs: 3_600_000,
      }),
    ).toMatchObject({ iErrorCode: 0 });
    const page = (await call('reportHistory', { iPage: 0, iPageSize: 1 })) as {
      aRows: Array<Record<string, unknown>>;
      bMore: boolean;
    };
    expect(page.bMore).toBe(true);
    expect(page.aRows[0]).toMatchObject({
      iReportID: idOf(b.messageId),
      sAuthorUserID: b.author.userId,
      sAuthorUsername: expect.stringMatching(/^m_/),
      sText: 'nasty histB',
      sResolution: 'muted',
      sResolvedBy: 'console:mod@queue.example',
    });
    const second = (await call('reportHistory', { iPage: 1, iPageSize: 1 })) as {
      aRows: Array<Record<string, unknown>>;
    };
    expect(second.aRows[0]).toMatchObject({ iReportID: idOf(a.messageId), sResolution: 'dismissed' });
  });
});

describe.each(DIALECTS)('bulk levers on members, on %s', (dialect) => {
  let t: TestApp;
  let modToken: string;
  let adminOp: { userId: string };

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    modToken = (await enrolledOperator(t, 'mod@bulk.example', 'moderator')).token;
    await enrolledOperator(t, 'admin@bulk.example', 'admin');
    const row = await t.deps.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'admin@bulk.example')
      .executeTakeFirstOrThrow();
    adminOp = { userId: row.id };
  });
  afterAll(() => closeTestApp(t));

  it('mutes several members with one reason: one audit row each, one batch id, refusals per member', async () => {
    const a = await memberWithTickets(t, 1, 'bulka');
    const b = await memberWithTickets(t, 1, 'bulkb');
    const answer = (await consoleCall(
      t,
      'consoleBulk',
      {
        sAction: 'memberMute',
        aUserIDs: [a.userId, adminOp.userId, b.userId],
        pInput: { sReason: 'Raid on #general', iDurationMs: 3_600_000 },
      },
      modToken,
    )) as { iErrorCode: number; sBatchID: string; aResults: Array<{ sUserID: string; iErrorCode: number }> };
    expect(answer.iErrorCode).toBe(0);
    expect(answer.aResults.map((r) => [r.sUserID, r.iErrorCode])).toEqual([
      [a.userId, 0],
      [adminOp.userId, ErrorCode.CONSOLE_TARGET_OUTRANKS],
      [b.userId, 0],
    ]);
    const rows = (await listAudit(t.deps.db, 20)).filter(
      (row) => (JSON.parse(row.detail) as { batchId?: string }).batchId === answer.sBatchID,
    );
    expect(rows.map((row) => [row.action, row.member_id]).sort()).toEqual(
      [
        ['chat.mute', a.userId],
        ['chat.mute', b.userId],
        ['console.refused', adminOp.userId],
      ].sort(),
    );
  });

  it('refuses a bulk of an action that is not a lever on members, and a grant batch gives each member their own key', async () => {
    const refused = await consoleCall(
      t,
      'consoleBulk',
      { sAction: 'reportList', aUserIDs: ['x'], pInput: {} },
      modToken,
    );
    expect(refused).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    const c = await memberWithTickets(t, 1, 'bulkc');
    const note = (await consoleCall(
      t,
      'consoleBulk',
      { sAction: 'memberNoteAdd', aUserIDs: [c.userId], pInput: { sText: 'Part of the raid' } },
      modToken,
    )) as { aResults: Array<{ iErrorCode: number }> };
    expect(note.aResults).toEqual([{ sUserID: c.userId, iErrorCode: 0 }]);
    // A moderator may not grant: the role's permission is checked per member too.
    const grant = (await consoleCall(
      t,
      'consoleBulk',
      {
        sAction: 'memberGrant',
        aUserIDs: [c.userId],
        pInput: { sAsset: 'points', iAmount: 5, sKey: 'bulk-grant-1', sReason: 'Sorry' },
      },
      modToken,
    )) as { aResults: Array<{ iErrorCode: number }> };
    expect(grant.aResults[0]?.iErrorCode).toBe(ErrorCode.CONSOLE_FORBIDDEN);
  });

  it('auditActions lists every action name the log holds, sorted, for the filter', async () => {
    const answer = (await consoleCall(t, 'auditActions', {}, modToken)) as { aActions: string[] };
    expect(answer.aActions).toEqual(expect.arrayContaining(['chat.mute', 'console.refused']));
    expect(answer.aActions).toEqual([...answer.aActions].sort());
    expect(new Set(answer.aActions).size).toBe(answer.aActions.length);
  });
});

describe.each(DIALECTS)('bulk revoke of invites, on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    adminToken = (await enrolledOperator(t, 'admin@invites.example', 'admin')).token;
  });
  afterAll(() => closeTestApp(t));

  it('revokes several codes with one reason, one audit row each in one batch; an unknown code is listed', async () => {
    const created = (await consoleCall(
      t,
      'inviteCreate',
      { iCount: 2, iMaxUses: 1, sReason: 'Beta wave' },
      adminToken,
    )) as {
      aCodes: string[];
    };
    expect(created).toMatchObject({ iErrorCode: 0 });
    const codes = created.aCodes;
    expect(codes).toHaveLength(2);
    const answer = (await consoleCall(
      t,
      'consoleBulk',
      { sAction: 'inviteRevoke', aItems: [...codes, 'NOPE-0000'], pInput: { sReason: 'Leaked on a forum' } },
      adminToken,
    )) as { sBatchID: string; aResults: Array<{ sUserID: string; iErrorCode: number }> };
    expect(answer.aResults.map((r) => r.iErrorCode)).toEqual([0, 0, ErrorCode.NOT_FOUND]);
    const rows = (await listAudit(t.deps.db, 20)).filter(
      (row) => (JSON.parse(row.detail) as { batchId?: string }).batchId === answer.sBatchID,
    );
    expect(rows.map((row) => row.action)).toEqual(['invite.revoke', 'invite.revoke']);
  });
});
