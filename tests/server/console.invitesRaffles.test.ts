import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleInviteRow } from '../../src/protocol/consoleInvites';
import type { ConsoleRaffleRow } from '../../src/protocol/consoleRaffles';
import { ErrorCode } from '../../src/protocol/errors';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, enrolledOperator } from '../support/operators';
import { idemKey, memberWithTickets } from '../support/raffleHelpers';
import { closeTestApp, ROOMY_LIMITS, signUp } from './identityHelpers';

type Answer = Record<string, unknown>;
const HOUR = 3_600_000;

/**
 * Issue 29: the console's invites and raffles. Each action calls the capability function the CLI
 * calls (the audit rows match but for the actor); viewers and moderators change nothing; bad
 * input answers a documented code with a sentence.
 */
describe.each(DIALECTS)('console invites and raffles on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let viewer: string;
  let moderator: string;
  let adminActor: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    const op = await enrolledOperator(t, 'admin@liveops.example', 'admin');
    adminToken = op.token;
    adminActor = `console:${op.email}`;
    viewer = (await enrolledOperator(t, 'viewer@liveops.example', 'viewer')).token;
    moderator = (await enrolledOperator(t, 'moderator@liveops.example', 'moderator')).token;
  });
  afterAll(() => closeTestApp(t));

  const call = (action: string, body: Answer = {}, token = adminToken) => consoleCall(t, action, body, token);
  /** The newest audit rows of an action, detail parsed. */
  async function audited(action: string) {
    return (await listAudit(t.deps.db, 5000))
      .filter((row) => row.action === action)
      .map((row) => ({ actor: row.actor, detail: JSON.parse(row.detail) as Answer }));
  }
  const register = (token: string, sCode: string, sUserName: string) =>
    t.call('registerUser', { sUserName, bSubscribe: 0, sCode, sReferredByCode: '' }, token);

  it('creates a batch, lists it with usage, exports it, revokes one; a used code shows who used it', async () => {
    const created = await call('inviteCreate', {
      iCount: 3,
      iMaxUses: 2,
      iExpiresAt: Date.now() + 7 * 24 * HOUR,
      sReason: 'Launch party',
    });
    expect(created).toMatchObject({ iErrorCode: 0 });
    const codes = created.aCodes as string[];
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);

    const member = await signUp(t);
    expect(await register(member, codes[0] as string, 'Invited_1')).toMatchObject({ iErrorCode: 0 });

    const listed = await call('inviteList', { iPage: 0, iPageSize: 10 }, viewer);
    expect(listed).toMatchObject({ iErrorCode: 0, bInviteOnly: false });
    const rows = listed.aRows as ConsoleInviteRow[];
    const used = rows.find((row) => row.sCode === codes[0]);
    expect(used).toMatchObject({ iUses: 1, iMaxUses: 2, sState: 'usable', aUsedBy: ['Invited_1'] });
    expect(used?.iExpiresAt).toBeGreaterThan(Date.now());

    expect(await call('inviteRevoke', { sCode: codes[1], sReason: 'Leaked' })).toEqual({ iErrorCode: 0 });
    const exported = (await call('inviteExport', {}, viewer)).aRows as ConsoleInviteRow[];
    expect(exported.find((row) => row.sCode === codes[1])).toMatchObject({ sState: 'revoked', bRevoked: true });
    const other = await signUp(t);
    expect(await register(other, codes[1] as string, 'Invited_2')).toMatchObject({
      iErrorCode: ErrorCode.INVALID_CODE,
    });

    // Paging: a page of one has more after it.
    const firstPage = await call('inviteList', { iPage: 0, iPageSize: 1 });
    expect(firstPage).toMatchObject({ bMore: true });
    expect(firstPage.aRows).toHaveLength(1);
  });

  it('refuses an expired invite at registration with INVITE_EXPIRED (verifyCode too)', async () => {
    const code = (
      (await call('inviteCreate', { iMaxUses: 1, iExpiresAt: Date.now() + HOUR, sReason: 'x' })).aCodes as string[]
    )[0] as string;
    await t.deps.db
      .updateTable('invite_code')
      .set({ expires_at: Date.now() - 1000 })
      .where('code', '=', code)
      .execute();
    expect(await t.call('verifyCode', { sCode: code })).toMatchObject({ iErrorCode: ErrorCode.INVITE_EXPIRED });
    const member = await signUp(t);
    expect(await register(member, code, 'Too_late')).toMatchObject({ iErrorCode: ErrorCode.INVITE_EXPIRED });
    const listed = (await call('inviteList', { iPageSize: 100 })).aRows as ConsoleInviteRow[];
    expect(listed.find((row) => row.sCode === code)).toMatchObject({ sState: 'expired', iUses: 0 });
  });

  it('refuses bad invite input with a documented code and a sentence', async () => {
    const zeroUses = await call('inviteCreate', { iMaxUses: 0, sReason: 'x' });
    expect(zeroUses).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
      sMessage: expect.stringMatching(/at least 1 use/),
    });
    const past = await call('inviteCreate', { iMaxUses: 1, iExpiresAt: Date.now() - HOUR, sReason: 'x' });
    expect(past).toMatchObject({ iErrorCode: ErrorCode.TIME_IN_PAST, sMessage: expect.stringMatching(/future/) });
    const noReason = await call('inviteCreate', { iMaxUses: 1, sReason: ' ' });
    expect(noReason).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: expect.stringMatching(/reason/) });
    expect(await call('inviteRevoke', { sCode: 'NOSUCHCODE', sReason: 'x' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
      sMessage: 'No invite code NOSUCHCODE.',
    });
  });

  it('switches invite-only with the flag setter; registration without a code is refused then', async () => {
    expect(await call('inviteOnlySet', { bOn: true, sReason: 'Closed beta' })).toEqual({ iErrorCode: 0 });
    expect(await call('inviteList', {}, viewer)).toMatchObject({ bInviteOnly: true });
    expect(await register(await signUp(t), '', 'No_code')).toMatchObject({ iErrorCode: ErrorCode.INVITE_ONLY });
    expect(await call('inviteOnlySet', { bOn: false, sReason: 'Open again' })).toEqual({ iErrorCode: 0 });
    const rows = await audited('flags.set');
    expect(rows[0]).toEqual({
      actor: adminActor,
      detail: { name: 'inviteOnly', on: false, reason: 'Open again' },
    });
  });

  it("writes the CLI's audit rows, only the actor differs", async () => {
    const console = (
      (await call('inviteCreate', { iMaxUses: 4, sEmail: 'ada@example.com', sReason: 'Press' })).aCodes as string[]
    )[0];
    const cli = await admin(t, 'invite', 'create', '--uses', '4', '--email', 'ada@example.com', '--reason', 'Press');
    expect(cli.exitCode).toBe(0);
    const cliCode = cli.output.trim().split('\n').at(-1);
    await call('inviteRevoke', { sCode: console, sReason: 'Done' });
    await admin(t, 'invite', 'revoke', cliCode as string, '--reason', 'Done');

    const mask = (row: { actor: string; detail: Answer }) => ({ ...row.detail, code: 'CODE' });
    for (const action of ['invite.create', 'invite.revoke']) {
      const rows = await audited(action);
      const fromConsole = rows.find((row) => row.detail.code === console);
      const fromCli = rows.find((row) => row.detail.code === cliCode);
      expect(fromConsole?.actor).toBe(adminActor);
      expect(fromCli?.actor).toBe('cli:tester');
      expect(mask(fromConsole as never)).toEqual(mask(fromCli as never));
    }

    // A raffle's transitions: the same detail, raffle id aside.
    const closesAt = Date.now() + 2 * 24 * HOUR;
    const viaConsole = await call('raffleCreate', {
      sTitle: 'Audit twin',
      iClosesAt: closesAt,
      aPrizes: [{ sKind: 'points', iAmount: 10, iQuantity: 1 }],
      sReason: 'Twin',
    });
    const viaCli = await admin(
      t,
      'raffle',
      'create',
      '--title',
      'Audit twin',
      '--closes',
      '+2d',
      '--prize',
      'points=10',
    );
    const cliId = Number(/^Raffle (\d+) /.exec(viaCli.output)?.[1]);
    await call('raffleCancel', { iRaffleID: viaConsole.iRaffleID, sReason: 'Twin' });
    await admin(t, 'raffle', 'cancel', String(cliId), '--reason', 'Twin');
    const cancels = await audited('raffle.cancel');
    const ofConsole = cancels.find((row) => row.detail.raffleId === viaConsole.iRaffleID);
    const ofCli = cancels.find((row) => row.detail.raffleId === cliId);
    expect(ofConsole?.actor).toBe(adminActor);
    expect({ ...ofConsole?.detail, raffleId: 0 }).toEqual({ ...ofCli?.detail, raffleId: 0 });
  });

  it('schedules, opens, closes and draws a raffle with a picked template; the entries and the draw show', async () => {
    const templates = (await call('raffleTemplates', {}, viewer)).aTemplates as Array<{ sTemplateID: string }>;
    expect(templates.length).toBeGreaterThan(0);
    const template = templates[0]?.sTemplateID as string;
    const created = await call('raffleCreate', {
      sTitle: 'Console raffle',
      iOpensAt: Date.now() + HOUR,
      iClosesAt: Date.now() + 2 * 24 * HOUR,
      aPrizes: [
        { sKind: 'item', sTemplateID: template, iQuantity: 1 },
        { sKind: 'points', iAmount: 50, iQuantity: 1 },
      ],
      sReason: 'Summer event',
    });
    expect(created).toMatchObject({ iErrorCode: 0 });
    const id = created.iRaffleID as number;

    // Drawing a raffle that is not closed: RAFFLE_WRONG_STATE, with the CLI's words.
    expect(await call('raffleDraw', { iRaffleID: id, sReason: 'Too early' })).toMatchObject({
      iErrorCode: ErrorCode.RAFFLE_WRONG_STATE,
      sMessage: `Raffle ${id} is scheduled, not closed.`,
    });
    expect(await call('raffleOpen', { iRaffleID: id, sReason: 'Go' })).toMatchObject({ iErrorCode: 0 });
    const member = await memberWithTickets(t, 3, 'consoleraffle');
    expect(
      await t.call('enterRaffle', { iRaffleID: id, iTickets: 2, sIdempotencyKey: idemKey() }, member.token),
    ).toMatchObject({ iErrorCode: 0 });
    expect(await call('raffleClose', { iRaffleID: id, sReason: 'Time' })).toMatchObject({ iErrorCode: 0 });
    expect(await call('raffleDraw', { iRaffleID: id, sReason: 'Draw' })).toMatchObject({ iErrorCode: 0 });

    const shown = await call('raffleShow', { iRaffleID: id }, viewer);
    expect(shown).toMatchObject({
      iErrorCode: 0,
      sVerifyPath: `/raffleviewer?iRaffleID=${id}`,
      pDetail: { sStatus: 'drawn', iEntrantCount: 1, iTicketTotal: 2 },
      bMore: false,
    });
    expect((shown.pDetail as Answer).sSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.aRows).toEqual([expect.objectContaining({ iTickets: 2, bRefunded: false })]);
    const winners = shown.aWinners as Array<{ iDeliveredAt: number; sUserName: string }>;
    expect(winners).toHaveLength(1);
    expect(winners[0]?.iDeliveredAt).toBeGreaterThan(0);

    const listed = (await call('raffleList', { iPageSize: 50 }, viewer)).aRows as ConsoleRaffleRow[];
    expect(listed.find((row) => row.iRaffleID === id)).toMatchObject({ sStatus: 'drawn', bWeekly: false });
    const draws = await audited('raffle.draw');
    expect(draws.find((row) => row.detail.raffleId === id)).toMatchObject({
      actor: adminActor,
      detail: { reason: 'Draw' },
    });
  });

  it('refuses bad raffle input with a documented code and a sentence', async () => {
    const prizes = [{ sKind: 'points', iAmount: 5, iQuantity: 1 }];
    const unknown = await call('raffleCreate', {
      sTitle: 'Unknown prize',
      iClosesAt: Date.now() + HOUR,
      aPrizes: [{ sKind: 'item', sTemplateID: 'no-such-template', iQuantity: 1 }],
      sReason: 'x',
    });
    expect(unknown).toMatchObject({
      iErrorCode: ErrorCode.UNKNOWN_TEMPLATE,
      sMessage: 'Unknown collectible template no-such-template.',
    });
    expect(
      await call('raffleCreate', { sTitle: 'Past', iClosesAt: Date.now() - HOUR, aPrizes: prizes, sReason: 'x' }),
    ).toMatchObject({ iErrorCode: ErrorCode.TIME_IN_PAST, sMessage: 'The raffle must close in the future.' });
    expect(
      await call('raffleCreate', {
        sTitle: 'Backwards',
        iOpensAt: Date.now() + 2 * HOUR,
        iClosesAt: Date.now() + HOUR,
        aPrizes: prizes,
        sReason: 'x',
      }),
    ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: 'The raffle must close after it opens.' });
    expect(
      await call('raffleCreate', { sTitle: 'No prizes', iClosesAt: Date.now() + HOUR, aPrizes: [], sReason: 'x' }),
    ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: expect.stringMatching(/at least one prize/) });
    expect(
      await call('raffleCreate', {
        sTitle: 'Zero',
        iClosesAt: Date.now() + HOUR,
        aPrizes: [{ sKind: 'points', iAmount: 0, iQuantity: 1 }],
        sReason: 'x',
      }),
    ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: expect.stringMatching(/at least 1/) });
    expect(await call('raffleOpen', { iRaffleID: 999_999, sReason: 'x' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
      sMessage: 'No raffle 999999.',
    });
    expect(await call('raffleShow', { iRaffleID: 999_999 })).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
  });

  it('edits the weekly raffle through the game vars, refusing a bad time and an unknown template', async () => {
    const before = (await call('raffleList', {}, viewer)).pWeekly as Answer;
    expect(before).toMatchObject({ bAuto: true, sOpens: 'Mon 00:00', sCloses: 'Sun 20:00' });
    const weekly = {
      bAuto: false,
      sOpens: 'Tue 09:00',
      sCloses: 'Sat 18:30',
      aPrizes: [{ sKind: 'tickets', iAmount: 2, iQuantity: 4 }],
      bBeacon: false,
      sReason: 'Holiday week',
    };
    expect(await call('raffleWeeklySet', weekly)).toMatchObject({ iErrorCode: 0 });
    expect((await call('raffleList', {})).pWeekly).toEqual({
      bAuto: false,
      sOpens: 'Tue 09:00',
      sCloses: 'Sat 18:30',
      aPrizes: [{ sKind: 'tickets', iAmount: 2, iQuantity: 4 }],
      bBeacon: false,
    });
    const set = (await audited('gamevars.set')).filter((row) => row.actor === adminActor);
    expect(set.map((row) => (row.detail.after as Answer).sVarID).sort()).toEqual(
      expect.arrayContaining(['aRafflePrizes', 'iRaffleAutoWeekly', 'sRaffleCloses', 'sRaffleOpens']),
    );
    expect(set.every((row) => row.detail.reason === 'Holiday week')).toBe(true);

    expect(await call('raffleWeeklySet', { ...weekly, sOpens: 'Someday' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
      sMessage: expect.stringMatching(/Ddd HH:MM/),
    });
    expect(
      await call('raffleWeeklySet', {
        ...weekly,
        aPrizes: [{ sKind: 'item', sTemplateID: 'no-such-template', iQuantity: 1 }],
      }),
    ).toMatchObject({ iErrorCode: ErrorCode.UNKNOWN_TEMPLATE });
    expect((await call('raffleList', {})).pWeekly).toMatchObject({ sOpens: 'Tue 09:00' });
  });

  it('refuses every change to a viewer and a moderator (CONSOLE_FORBIDDEN), and lets them read', async () => {
    const changes: Array<[string, Answer]> = [
      ['inviteCreate', { iMaxUses: 1, sReason: 'x' }],
      ['inviteRevoke', { sCode: 'ANYCODE', sReason: 'x' }],
      ['inviteOnlySet', { bOn: true, sReason: 'x' }],
      [
        'raffleCreate',
        {
          sTitle: 'No',
          iClosesAt: Date.now() + HOUR,
          aPrizes: [{ sKind: 'points', iAmount: 1, iQuantity: 1 }],
          sReason: 'x',
        },
      ],
      ['raffleOpen', { iRaffleID: 1, sReason: 'x' }],
      ['raffleClose', { iRaffleID: 1, sReason: 'x' }],
      ['raffleDraw', { iRaffleID: 1, sReason: 'x' }],
      ['raffleCancel', { iRaffleID: 1, sReason: 'x' }],
      [
        'raffleWeeklySet',
        { bAuto: true, sOpens: 'Mon 00:00', sCloses: 'Sun 20:00', aPrizes: [], bBeacon: false, sReason: 'x' },
      ],
    ];
    const audited = await listAudit(t.deps.db, 5000);
    const before = audited.length;
    const refusedBefore = audited.filter((row) => row.action === 'console.refused').length;
    for (const token of [viewer, moderator]) {
      for (const [action, body] of changes) {
        expect(await call(action, body, token), action).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_FORBIDDEN });
      }
      for (const action of ['inviteList', 'inviteExport', 'raffleList', 'raffleTemplates']) {
        expect(await call(action, {}, token), action).toMatchObject({ iErrorCode: 0 });
      }
    }
    // Nothing changed is audited; each refused attempt is, as a refusal (issue 35).
    const after = await listAudit(t.deps.db, 5000);
    const refusals = after.filter((row) => row.action === 'console.refused');
    expect(after.length - refusals.length).toBe(before - refusedBefore);
    expect(refusals.length - refusedBefore).toBe(2 * changes.length);
  });
});
