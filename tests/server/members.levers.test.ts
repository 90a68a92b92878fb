import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
import { reportMessage } from '../../src/server/features/chat/moderation';
import { grantCapFor } from '../../src/server/features/operators/index';
import { findBalance } from '../../src/server/features/rewards/index';
import { operatorGrant } from '../../src/server/features/rewards/operatorGrants';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { startRun } from '../support/gamesHelpers';
import { consoleCall, enrolledOperator } from '../support/operators';
import { openTestRaffle } from '../support/raffleHelpers';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';
import { addItem, buy, givePoints } from '../support/storeHelpers';
import { closeTestApp, outbox, ROOMY_LIMITS, signIn } from './identityHelpers';

const PASSWORD = 'correct horse battery staple';

interface Member extends TestMember {
  username: string;
  referralCode: string;
}

/**
 * Issue 27: the levers on one member, through their console actions (`POST /api/console/<action>`,
 * past the real gate) and CLI commands.
 */
describe.each(DIALECTS)('member levers on %s', (dialect) => {
  let t: TestApp;
  let seq = 0;
  /** The console session token of an enrolled operator of each role, `<role>@studio.example`. */
  const op = {} as Record<ConsoleRole, string>;

  async function member(label: string): Promise<Member> {
    const account = await signUp(t, label);
    await register(t, { userId: account.userId });
    const row = await t.deps.db
      .selectFrom('member')
      .select(['username', 'referral_code'])
      .where('user_id', '=', account.userId)
      .executeTakeFirstOrThrow();
    return { ...account, username: row.username, referralCode: row.referral_code };
  }

  /** The audit entries about one member (detail.userId), newest first. */
  async function auditOf(userId: string) {
    return (await listAudit(t.deps.db, 5000))
      .map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }))
      .filter((row) => row.detail.userId === userId);
  }

  async function say(userId: string, body: string): Promise<number> {
    seq += 1;
    const row = await t.deps.db
      .insertInto('chat_message')
      .values({
        channel_id: 'general',
        user_id: userId,
        body,
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
    return Number(row.id);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    for (const role of CONSOLE_ROLES) op[role] = (await enrolledOperator(t, `${role}@studio.example`, role)).token;
  });
  afterAll(() => closeTestApp(t));

  describe('grants', () => {
    it('a double submit with one key grants once, with one audit entry', async () => {
      const m = await member('granted');
      const before = await findBalance(t.deps.db, m.userId);
      const grant = {
        sUserID: m.userId,
        sAsset: 'points',
        iAmount: 250,
        sKey: 'grant-key-0001',
        sReason: 'Outage compensation',
      };
      const answers = await Promise.all([
        consoleCall(t, 'memberGrant', grant, op.support),
        consoleCall(t, 'memberGrant', grant, op.support),
      ]);
      expect(answers.map((a) => a.iErrorCode)).toEqual([0, 0]);
      expect(answers.map((a) => a.bApplied).sort()).toEqual([false, true]);
      expect((await findBalance(t.deps.db, m.userId)).points).toBe(before.points + 250);
      const audit = (await auditOf(m.userId)).filter((row) => row.action === 'grant.points');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor: 'console:support@studio.example' });
      expect(audit[0]?.detail).toMatchObject({ amount: 250, reason: 'Outage compensation', key: 'grant-key-0001' });

      expect(await consoleCall(t, 'memberGrant', { ...grant, iAmount: 300 }, op.support)).toMatchObject({
        iErrorCode: ErrorCode.REQUEST_KEY_REUSED,
      });
      expect((await findBalance(t.deps.db, m.userId)).points).toBe(before.points + 250);
    });

    it('takes back with a negative amount, and refuses to take more than the balance', async () => {
      const m = await member('takeback');
      const base = { sUserID: m.userId, sAsset: 'tickets', sReason: 'Mistaken grant' };
      const start = (await findBalance(t.deps.db, m.userId)).tickets;
      await consoleCall(t, 'memberGrant', { ...base, iAmount: 5, sKey: 'tickets-give-1' }, op.admin);
      expect(
        await consoleCall(t, 'memberGrant', { ...base, iAmount: -3, sKey: 'tickets-take-1' }, op.admin),
      ).toMatchObject({
        iErrorCode: 0,
        bApplied: true,
      });
      expect((await findBalance(t.deps.db, m.userId)).tickets).toBe(start + 2);
      expect(
        await consoleCall(t, 'memberGrant', { ...base, iAmount: -(start + 100), sKey: 'tickets-take-2' }, op.admin),
      ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
      expect((await findBalance(t.deps.db, m.userId)).tickets).toBe(start + 2);
    });

    it('refuses a grant above the cap with CONSOLE_GRANT_OVER_CAP, writing nothing', async () => {
      const m = await member('capped');
      const before = await findBalance(t.deps.db, m.userId);
      const grant = operatorGrant(t.deps.db, {
        userId: m.userId,
        asset: 'points',
        amount: 101,
        key: 'cap-1',
        reason: 'too much',
        actor: 'console:s@x',
        cap: 100,
        now: Date.now(),
      });
      expect(await grant).toBe('over-cap');
      // The support role's cap, set through the operator tool, as the dispatcher reads it.
      const tool = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => Date.now(), actor: 'cli:tester' });
      const cap = await grantCapFor(t.deps.db, 'support');
      expect((await tool('operator', 'cap', 'support', '100')).exitCode).toBe(0);
      try {
        const overCap = { sUserID: m.userId, sAsset: 'points', iAmount: -500, sKey: 'cap-2-key', sReason: 'over' };
        expect(await consoleCall(t, 'memberGrant', overCap, op.support)).toMatchObject({
          iErrorCode: ErrorCode.CONSOLE_GRANT_OVER_CAP,
        });
        const within = { sUserID: m.userId, sAsset: 'points', iAmount: 100, sKey: 'cap-3-key', sReason: 'ok' };
        expect(await consoleCall(t, 'memberGrant', within, op.support)).toMatchObject({
          iErrorCode: 0,
        });
      } finally {
        await tool('operator', 'cap', 'support', cap === null ? 'none' : String(cap));
      }
      expect((await findBalance(t.deps.db, m.userId)).points).toBe(before.points + 100);
      expect((await auditOf(m.userId)).filter((row) => row.action === 'grant.points')).toHaveLength(1);
    });

    it('a viewer may not grant', async () => {
      const m = await member('viewed');
      expect(
        await consoleCall(
          t,
          'memberGrant',
          { sUserID: m.userId, sAsset: 'points', iAmount: 1, sKey: 'viewer-key', sReason: 'x' },
          op.viewer,
        ),
      ).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_FORBIDDEN });
    });
  });

  describe('find and show', () => {
    let ada: Member;
    let referred: Member;
    const ADDRESS = `0xAbC${'0'.repeat(33)}123`;

    beforeAll(async () => {
      ada = await member('adafind');
      referred = await member('referred');
      await t.deps.db
        .updateTable('member')
        .set({ referred_by_user_id: ada.userId, referred_by_code: ada.referralCode })
        .where('user_id', '=', referred.userId)
        .execute();
      await t.deps.db
        .insertInto('wallet_link')
        .values({
          user_id: ada.userId,
          address: ADDRESS,
          address_lower: ADDRESS.toLowerCase(),
          chain: 'MATIC',
          chain_id: 137,
          proven: 1,
          linked_at: Date.now(),
        })
        .execute();
    });

    const find = async (sQuery: string, extra: Record<string, unknown> = {}) =>
      (await consoleCall(t, 'memberFind', { sQuery, ...extra }, op.viewer)) as {
        iErrorCode: number;
        aRows: Array<{ sUserID: string; sEmail: string; sUsername: string; sWalletAddress: string }>;
        bMore: boolean;
      };

    it('finds a member by a prefix of the email (any case), of the username, by referral code, wallet and id', async () => {
      for (const query of [
        ada.email.slice(0, 11).toUpperCase(),
        ada.username.slice(0, 8).toUpperCase(),
        ada.referralCode.toLowerCase(),
        ADDRESS.slice(0, 10),
        ada.userId,
      ]) {
        const found = await find(query);
        expect(found.iErrorCode, query).toBe(0);
        expect(
          found.aRows.map((r) => r.sUserID),
          query,
        ).toContain(ada.userId);
      }
      const row = (await find(ada.email)).aRows.find((r) => r.sUserID === ada.userId);
      expect(row).toMatchObject({ sEmail: ada.email, sUsername: ada.username, sWalletAddress: ADDRESS });
      expect((await find('nobody-by-this-prefix')).aRows).toEqual([]);
      // A prefix is a prefix: the middle of an email does not match.
      expect((await find(ada.email.slice(3, 12))).aRows.map((r) => r.sUserID)).not.toContain(ada.userId);
    });

    it('pages the results: the pages together are the whole list, once each, whatever source matched', async () => {
      const all = await find('m_', { iPageSize: 100 });
      expect(all.aRows.length).toBeGreaterThanOrEqual(3);
      const paged: string[] = [];
      for (let iPage = 0; ; iPage++) {
        const page = await find('m_', { iPageSize: 2, iPage });
        paged.push(...page.aRows.map((r) => r.sUserID));
        if (!page.bMore) break;
      }
      expect(paged).toEqual(all.aRows.map((r) => r.sUserID));
      // Two sources at once (a wallet prefix and an email prefix) still page as one list.
      const mixed = await find(ADDRESS.slice(0, 6), { iPageSize: 1 });
      expect(mixed.aRows.map((r) => r.sUserID)).toEqual([ada.userId]);
      expect(mixed.bMore).toBe(false);
    });

    it("answers each tab of a member's page with the member's real data", async () => {
      const show = (sTab: string) => consoleCall(t, 'memberShow', { sUserID: ada.userId, sTab }, op.viewer);
      await consoleCall(
        t,
        'memberGrant',
        {
          sUserID: ada.userId,
          sAsset: 'points',
          iAmount: 42,
          sKey: 'show-grant-1',
          sReason: 'Tab check',
        },
        op.admin,
      );
      const messageId = await say(ada.userId, 'hello from ada');
      await consoleCall(t, 'memberNoteAdd', { sUserID: ada.userId, sText: 'Asked about points' }, op.support);
      const balance = await findBalance(t.deps.db, ada.userId);

      expect(await show('profile')).toMatchObject({
        iErrorCode: 0,
        pProfile: {
          sUserID: ada.userId,
          sUsername: ada.username,
          sEmail: ada.email,
          sReferralCode: ada.referralCode,
          sWalletAddress: ADDRESS,
          bBanned: false,
          iPoints: balance.points,
          iTickets: balance.tickets,
        },
      });
      expect((await show('referred')).aRows).toEqual([expect.objectContaining({ sUserID: referred.userId })]);
      const sessions = (await show('sessions')).aRows as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ sDevice: expect.any(String), iLastActiveAt: expect.any(Number) });
      const statement = (await show('statement')).aRows as Array<Record<string, unknown>>;
      expect(statement[0]).toMatchObject({ sAsset: 'points', iAmount: 42, iPointsAfter: balance.points });
      expect((await show('chat')).aRows).toEqual([
        expect.objectContaining({ iMessageID: messageId, sText: 'hello from ada' }),
      ]);
      expect((await show('notes')).aRows).toEqual([
        expect.objectContaining({ sText: 'Asked about points', sActor: 'console:support@studio.example' }),
      ]);
      const inventory = (await t.call('getInventory', {}, ada.token)) as { aCollections: Array<{ iCount: number }> };
      const owned = inventory.aCollections.reduce((sum, c) => sum + c.iCount, 0);
      expect(((await show('collectibles')).aRows as unknown[]).length).toBe(Math.min(owned, 25));
      expect((await show('notices')).iErrorCode).toBe(0);
      expect(await consoleCall(t, 'memberShow', { sUserID: 'no-such', sTab: 'profile' }, op.admin)).toMatchObject({
        iErrorCode: ErrorCode.NOT_FOUND,
      });
    });

    it("the purchases, raffles, games and scores tabs answer the member's real activity", async () => {
      const m = await member('active');
      await givePoints(t, m, 100);
      const item = await addItem(t, { price: 10 });
      expect((await buy(t, m, item, { quantity: 2 })).iErrorCode).toBe(0);
      const raffleId = await openTestRaffle(t, { title: 'Levers raffle' });
      await consoleCall(
        t,
        'memberGrant',
        {
          sUserID: m.userId,
          sAsset: 'tickets',
          iAmount: 3,
          sKey: 'raffle-tix-1',
          sReason: 'x',
        },
        op.admin,
      );
      expect(
        (await t.call('enterRaffle', { iRaffleID: raffleId, iTickets: 2, sIdempotencyKey: 'levers-entry-1' }, m.token))
          .iErrorCode,
      ).toBe(0);
      const run = await startRun(t, m.token);
      await t.deps.db
        .insertInto('game_score')
        .values({
          game_id: 'm1',
          week: '2026-W01',
          user_id: m.userId,
          score: 777,
          run_id: run.iRunID,
          achieved_at: Date.now(),
        })
        .execute();
      const show = async (sTab: string) =>
        (await consoleCall(t, 'memberShow', { sUserID: m.userId, sTab }, op.viewer)).aRows as Array<
          Record<string, unknown>
        >;
      expect(await show('purchases')).toEqual([
        expect.objectContaining({ sItemID: item, iQuantity: 2, iUnitPrice: 10 }),
      ]);
      expect(await show('raffles')).toEqual([
        expect.objectContaining({ iRaffleID: raffleId, sTitle: 'Levers raffle', iTickets: 2, sPrizesWon: '' }),
      ]);
      expect(await show('games')).toEqual([expect.objectContaining({ iRunID: run.iRunID, sStatus: 'playing' })]);
      expect(await show('scores')).toEqual([{ sGameID: 'm1', iBestScore: 777, iWeeks: 1 }]);
    });

    it('revokes one session, then all, each audited once', async () => {
      const m = await member('sessions');
      const second = await signIn(t, m.email, PASSWORD);
      const rows = (await consoleCall(t, 'memberShow', { sUserID: m.userId, sTab: 'sessions' }, op.admin))
        .aRows as Array<{
        sSessionID: string;
      }>;
      expect(rows).toHaveLength(2);
      const one = await consoleCall(
        t,
        'memberSessionsRevoke',
        { sUserID: m.userId, sSessionID: rows[0]?.sSessionID, sReason: 'Lost phone' },
        op.support,
      );
      expect(one).toMatchObject({ iErrorCode: 0, iEnded: 1 });
      expect(
        await consoleCall(t, 'memberSessionsRevoke', { sUserID: m.userId, sReason: 'All out' }, op.moderator),
      ).toMatchObject({
        iErrorCode: 0,
        iEnded: 1,
      });
      expect((await t.call('getUserData', {}, second.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      const audit = (await auditOf(m.userId)).filter((row) => row.action === 'member.sessions.revoke');
      expect(audit.map((row) => row.detail.reason)).toEqual(['All out', 'Lost phone']);
    });
  });

  describe('bans from the console', () => {
    it('support cannot ban; a moderator bans and unbans, each audited once with the reason', async () => {
      const m = await member('consoleban');
      expect(await consoleCall(t, 'memberBan', { sUserID: m.userId, sReason: 'x' }, op.support)).toMatchObject({
        iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
      });
      expect(
        await consoleCall(
          t,
          'memberBan',
          { sUserID: m.userId, sReason: 'Botting', iDurationMs: 3_600_000 },
          op.moderator,
        ),
      ).toEqual({ iErrorCode: 0 });
      const refused = await signIn(t, m.email, PASSWORD);
      expect(refused.body).toMatchObject({ iErrorCode: ErrorCode.MEMBER_BANNED, sBanReason: 'Botting' });
      expect(
        ((await consoleCall(t, 'memberShow', { sUserID: m.userId }, op.viewer)).pProfile as Record<string, unknown>)
          .sBanReason,
      ).toBe('Botting');
      expect(await consoleCall(t, 'memberUnban', { sUserID: m.userId, sReason: 'Appeal' }, op.moderator)).toEqual({
        iErrorCode: 0,
      });
      expect((await signIn(t, m.email, PASSWORD)).status).toBe(200);
      const audit = await auditOf(m.userId);
      expect(audit.map((row) => [row.action, row.actor, row.detail.reason])).toEqual([
        ['member.unban', 'console:moderator@studio.example', 'Appeal'],
        ['member.ban', 'console:moderator@studio.example', 'Botting'],
      ]);
    });
  });

  describe('moderation queue', () => {
    async function reported(label: string) {
      const author = await member(`${label}a`);
      const reporter = await member(`${label}r`);
      const before = await say(reporter.userId, `before ${label}`);
      const messageId = await say(author.userId, `nasty ${label}`);
      const after = await say(reporter.userId, `after ${label}`);
      await reportMessage(t.deps.db, {
        messageId,
        reporterId: reporter.userId,
        reason: 'abuse',
        note: 'rude',
        now: Date.now(),
      });
      const report = await t.deps.db
        .selectFrom('chat_report')
        .select('id')
        .where('message_id', '=', messageId)
        .executeTakeFirstOrThrow();
      return { author, reporter, messageId, before, after, reportId: Number(report.id) };
    }

    const closed = async (reportId: number) =>
      t.deps.db
        .selectFrom('chat_report')
        .select(['resolved_at', 'resolution', 'resolved_by'])
        .where('id', '=', reportId)
        .executeTakeFirstOrThrow();

    it('lists open reports with the message in its context, reporter and author; reportsSince polls after a cursor', async () => {
      const r = await reported('ctx');
      const list = (await consoleCall(t, 'reportList', { iPageSize: 100 }, op.viewer)) as {
        aRows: Array<Record<string, unknown> & { aContext: Array<Record<string, unknown>> }>;
        iCursor: number;
      };
      const row = list.aRows.find((x) => x.iReportID === r.reportId);
      expect(row).toMatchObject({
        sAuthorUserID: r.author.userId,
        sAuthorUsername: r.author.username,
        sReporterUserID: r.reporter.userId,
        sReporterUsername: r.reporter.username,
        iMessageID: r.messageId,
        sReason: 'abuse',
        sNote: 'rude',
      });
      const ids = row?.aContext.map((m) => m.iMessageID);
      expect(ids).toEqual(expect.arrayContaining([r.before, r.messageId, r.after]));
      expect(row?.aContext.find((m) => m.bReported)?.iMessageID).toBe(r.messageId);
      expect(list.iCursor).toBeGreaterThanOrEqual(r.reportId);
      expect((await consoleCall(t, 'reportsSince', { iCursor: list.iCursor }, op.viewer)).aRows).toEqual([]);
      const next = await reported('next');
      const since = (await consoleCall(t, 'reportsSince', { iCursor: list.iCursor }, op.viewer)) as {
        aRows: Array<{ iReportID: number }>;
        iCursor: number;
      };
      expect(since.aRows.map((x) => x.iReportID)).toEqual([next.reportId]);
      expect(since.iCursor).toBe(next.reportId);
    });

    it('dismiss closes the report, audited once', async () => {
      const r = await reported('dismiss');
      expect(
        await consoleCall(
          t,
          'reportResolve',
          { iReportID: r.reportId, sResolution: 'dismiss', sReason: 'Banter' },
          op.moderator,
        ),
      ).toEqual({ iErrorCode: 0 });
      expect(await closed(r.reportId)).toMatchObject({
        resolution: 'dismissed',
        resolved_by: 'console:moderator@studio.example',
      });
      const audit = await auditOf(r.author.userId);
      expect(audit.map((row) => [row.action, row.detail.reportId, row.detail.reason])).toEqual([
        ['chat.report.dismiss', r.reportId, 'Banter'],
      ]);
      expect(
        await consoleCall(
          t,
          'reportResolve',
          { iReportID: r.reportId, sResolution: 'mute', sReason: 'again' },
          op.moderator,
        ),
      ).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
      expect(await auditOf(r.author.userId)).toHaveLength(1);
    });

    it('delete removes the message and closes the report, audited once', async () => {
      const r = await reported('delete');
      await consoleCall(
        t,
        'reportResolve',
        { iReportID: r.reportId, sResolution: 'delete', sReason: 'Slur' },
        op.moderator,
      );
      expect(await closed(r.reportId)).toMatchObject({ resolution: 'deleted' });
      const message = await t.deps.db
        .selectFrom('chat_message')
        .select('deleted_at')
        .where('id', '=', r.messageId)
        .executeTakeFirstOrThrow();
      expect(message.deleted_at).not.toBeNull();
      const audit = await auditOf(r.author.userId);
      expect(audit.map((row) => [row.action, row.detail.reportId, row.detail.reason])).toEqual([
        ['chat.delete', r.reportId, 'Slur'],
      ]);
    });

    it('mute mutes the author for the duration and closes the report, audited once', async () => {
      const r = await reported('mute');
      const at = Date.now();
      await consoleCall(
        t,
        'reportResolve',
        { iReportID: r.reportId, sResolution: 'mute', sReason: 'Spam', iDurationMs: 600_000 },
        op.moderator,
      );
      expect(await closed(r.reportId)).toMatchObject({ resolution: 'muted' });
      const mute = await t.deps.db
        .selectFrom('chat_mute')
        .select(['until', 'reason'])
        .where('user_id', '=', r.author.userId)
        .executeTakeFirstOrThrow();
      expect(Number(mute.until)).toBeGreaterThanOrEqual(at + 600_000);
      expect(mute.reason).toBe('Spam');
      const audit = await auditOf(r.author.userId);
      expect(audit.map((row) => [row.action, row.detail.reportId, row.detail.reason])).toEqual([
        ['chat.mute', r.reportId, 'Spam'],
      ]);
    });

    it('ban bans the author, ends their sessions and closes the report, audited once', async () => {
      const r = await reported('ban');
      await consoleCall(
        t,
        'reportResolve',
        { iReportID: r.reportId, sResolution: 'ban', sReason: 'Threats' },
        op.moderator,
      );
      expect(await closed(r.reportId)).toMatchObject({ resolution: 'banned' });
      expect((await signIn(t, r.author.email, PASSWORD)).body).toMatchObject({
        iErrorCode: ErrorCode.MEMBER_BANNED,
        sBanReason: 'Threats',
      });
      expect((await t.call('getUserData', {}, r.author.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      const audit = await auditOf(r.author.userId);
      expect(audit.map((row) => [row.action, row.detail.reportId, row.detail.reason])).toEqual([
        ['member.ban', r.reportId, 'Threats'],
      ]);
    });

    it('the CLI resolves a report through the same function, audited with the CLI actor', async () => {
      const r = await reported('cli');
      const admin = (...args: string[]) =>
        runAdmin(args, { db: t.deps.db, now: () => Date.now(), actor: 'cli:tester' });
      expect((await admin('chat', 'reports', 'resolve', String(r.reportId), 'mute')).exitCode).toBe(2);
      expect(
        await admin('chat', 'reports', 'resolve', String(r.reportId), 'mute', '--for', '1d', '--reason', 'Insults'),
      ).toEqual({ exitCode: 0, output: `Report ${r.reportId} resolved: mute` });
      expect(await closed(r.reportId)).toMatchObject({ resolution: 'muted', resolved_by: 'cli:tester' });
      expect((await auditOf(r.author.userId)).map((row) => [row.action, row.actor, row.detail.reason])).toEqual([
        ['chat.mute', 'cli:tester', 'Insults'],
      ]);
      expect((await admin('chat', 'reports', 'resolve', String(r.reportId), 'dismiss', '--reason', 'x')).exitCode).toBe(
        1,
      );
      expect((await admin('chat', 'reports', '--help')).output).toContain('chat reports resolve REPORT_ID');
    });

    it('a viewer cannot resolve; memberMute mutes from the member page, audited once', async () => {
      const r = await reported('viewer');
      expect(
        await consoleCall(
          t,
          'reportResolve',
          { iReportID: r.reportId, sResolution: 'dismiss', sReason: 'x' },
          op.viewer,
        ),
      ).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_FORBIDDEN });
      expect(
        await consoleCall(t, 'memberMute', { sUserID: r.author.userId, sReason: 'Cool off' }, op.moderator),
      ).toEqual({
        iErrorCode: 0,
      });
      const audit = await auditOf(r.author.userId);
      expect(audit.map((row) => [row.action, row.detail.reason])).toEqual([['chat.mute', 'Cool off']]);
    });
  });

  describe('notes and account help', () => {
    it('a note is listed on the page and audited once', async () => {
      const m = await member('noted');
      expect(await consoleCall(t, 'memberNoteAdd', { sUserID: m.userId, sText: 'VIP' }, op.viewer)).toMatchObject({
        iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
      });
      expect(await consoleCall(t, 'memberNoteAdd', { sUserID: m.userId, sText: 'VIP' }, op.moderator)).toMatchObject({
        iErrorCode: 0,
        iNoteID: expect.any(Number),
      });
      expect((await auditOf(m.userId)).map((row) => [row.action, row.actor])).toEqual([
        ['member.note', 'console:moderator@studio.example'],
      ]);
    });

    it('resends the verification mail to an unverified member, audited once', async () => {
      const m = await member('unverified');
      const before = (await outbox(t, m.email)).length;
      expect(
        await consoleCall(t, 'memberResendVerification', { sUserID: m.userId, sReason: 'Lost the mail' }, op.support),
      ).toEqual({ iErrorCode: 0 });
      const mail = await outbox(t, m.email);
      expect(mail.length).toBe(before + 1);
      expect(mail.at(-1)?.subject).toBe('Verify your email');
      expect((await auditOf(m.userId)).map((row) => [row.action, row.detail.reason])).toEqual([
        ['member.resendVerification', 'Lost the mail'],
      ]);
    });

    it('a forced password reset ends every session and mails a reset link, audited once', async () => {
      const m = await member('forcedreset');
      expect(
        await consoleCall(
          t,
          'memberForcePasswordReset',
          { sUserID: m.userId, sReason: 'Account takeover' },
          op.support,
        ),
      ).toEqual({ iErrorCode: 0 });
      expect((await t.call('getUserData', {}, m.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      for (let i = 0; i < 50 && (await outbox(t, m.email)).length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect((await outbox(t, m.email)).at(-1)?.subject).toBe('Reset your password');
      expect((await auditOf(m.userId)).map((row) => [row.action, row.detail.reason])).toEqual([
        ['member.forcePasswordReset', 'Account takeover'],
      ]);
    });

    it('exports the member as JSON, audited once', async () => {
      const m = await member('exported');
      const answer = await consoleCall(t, 'memberExport', { sUserID: m.userId, sReason: 'GDPR request' }, op.support);
      expect(answer).toMatchObject({ iErrorCode: 0, pExport: { userId: m.userId } });
      expect(JSON.stringify(answer)).toContain(m.email);
      expect((await auditOf(m.userId)).map((row) => row.action)).toEqual(['member.export']);
    });
  });

  describe('the member CLI', () => {
    const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => Date.now(), actor: 'cli:tester' });

    it('has help for the group and each command', async () => {
      const help = await admin('member', '--help');
      expect(help.exitCode).toBe(0);
      for (const command of [
        'member find QUERY',
        'member show USER',
        'member ban USER --reason TEXT',
        'member unban USER',
        'member note USER TEXT',
        'member export USER',
      ])
        expect(help.output).toContain(command);
      expect((await admin('member', 'ban', '--help')).output).toContain('member ban ada --reason');
    });

    it('finds, shows, bans for a time, notes and unbans, each change audited with the CLI actor', async () => {
      const m = await member('clim');
      expect((await admin('member', 'find', m.email.slice(0, 8))).output).toContain(m.userId);
      expect((await admin('member', 'show', m.username)).output).toContain(m.email);
      expect(await admin('member', 'ban', m.email)).toMatchObject({ exitCode: 2 });
      expect(await admin('member', 'ban', m.email, '--reason', 'Multi', 'accounting', '--for', 'soon')).toMatchObject({
        exitCode: 2,
      });
      const banned = await admin('member', 'ban', m.email, '--reason', 'Multi', 'accounting', '--for', '7d');
      expect(banned.exitCode).toBe(0);
      const refused = await signIn(t, m.email, PASSWORD);
      expect(refused.body).toMatchObject({ iErrorCode: ErrorCode.MEMBER_BANNED, sBanReason: 'Multi accounting' });
      expect(Number(refused.body?.iBanUntil)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      expect((await admin('member', 'note', m.username, 'Second', 'account', 'of', 'bob')).exitCode).toBe(0);
      expect((await admin('member', 'show', m.username, '--tab', 'notes')).output).toContain('Second account of bob');
      expect((await admin('member', 'unban', m.userId, '--reason', 'Cleared')).exitCode).toBe(0);
      expect((await admin('member', 'unban', m.userId)).exitCode).toBe(1);
      expect((await admin('member', 'show', 'nobody-at-all')).exitCode).toBe(1);
      const audit = await auditOf(m.userId);
      expect(audit.map((row) => [row.action, row.actor])).toEqual([
        ['member.unban', 'cli:tester'],
        ['member.note', 'cli:tester'],
        ['member.ban', 'cli:tester'],
      ]);
    });
  });
});
