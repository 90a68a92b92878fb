import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRaffleRow } from '../../src/protocol/consoleRaffles';
import { ErrorCode } from '../../src/protocol/errors';
import type { ConsoleOverviewAnswer } from '../../src/protocol/status';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, enrolledOperator, OPERATOR_PASSWORD } from '../support/operators';
import { idemKey, memberWithTickets, openTestRaffle, raffleJobOf } from '../support/raffleHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

type Answer = Record<string, unknown>;

/**
 * Issue 38, the console's round 3: one lever, one behaviour. Ending maintenance from the console
 * clears the message as `maintenance off` does; `gamevars set` refuses names nobody declares;
 * `operator add` of an operator's email changes nothing and mails nothing; a raffle closed by hand
 * waits for an operator's draw; the overview counts what the capabilities count.
 */
describe.each(DIALECTS)('the console, round 3, on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let adminBackupCodes: string[];
  let viewerToken: string;
  const clock = testClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { rateLimits: ROOMY_LIMITS } });
    const enrolledAdmin = await enrolledOperator(t, 'admin@round3.example', 'admin');
    adminToken = enrolledAdmin.token;
    adminBackupCodes = enrolledAdmin.backupCodes;
    viewerToken = (await enrolledOperator(t, 'viewer@round3.example', 'viewer')).token;
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
  });
  afterAll(() => closeTestApp(t));

  const call = (action: string, body: Answer = {}, token = adminToken) => consoleCall(t, action, body, token);
  /** How many mails the dev outbox holds for an address. */
  async function mailsTo(email: string): Promise<number> {
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as {
      aMail: Array<{ to: string }>;
    };
    return outbox.aMail.filter((m) => m.to === email).length;
  }
  const isMaintenance = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/portal/isMaintenance', payload: {} })).json();

  it('ends maintenance from the console with the CLI’s default: the message is cleared unless kept', async () => {
    await call('maintenanceSet', { bMaintenance: true, sMessage: 'Back at 18:00 UTC', sReason: 'Deploy' });
    // What the console sends for "Clear it" (its default): no message field, as `maintenance off`.
    const off = await call('maintenanceSet', { bMaintenance: false, sReason: 'Done' });
    expect(off).toMatchObject({ iErrorCode: 0, pMaintenance: { bMaintenance: false, sMessage: '' } });
    expect(await isMaintenance()).toMatchObject({ bMaintenance: false, sMessage: '' });
    const cli = await admin(t, 'maintenance', 'on', '--message', 'Back at 18:00 UTC');
    expect(cli.exitCode).toBe(0);
    expect((await admin(t, 'maintenance', 'off')).output).toContain('the message "Back at 18:00 UTC" is cleared');
    expect(await isMaintenance()).toMatchObject({ sMessage: '' });
    // "Leave another message": replaced, not kept.
    await call('maintenanceSet', { bMaintenance: true, sMessage: 'Back at 18:00 UTC', sReason: 'Deploy' });
    await call('maintenanceSet', { bMaintenance: false, sMessage: 'Chat is slow tonight', sReason: 'Done' });
    expect(await isMaintenance()).toMatchObject({ bMaintenance: false, sMessage: 'Chat is slow tonight' });
    await call('maintenanceSet', { bMaintenance: false, sMessage: '', sReason: 'Tidy' });
  });

  it('refuses a game var no capability declares, from the CLI and the console, with one sentence', async () => {
    const cli = await admin(t, 'gamevars', 'set', 'iChatBrust', 'int', '8');
    expect(cli.exitCode).toBe(2);
    const sentence = cli.output.split('\n')[0] ?? '';
    expect(sentence).toBe(
      'iChatBrust is not a game var: no part of the portal reads it (gamevars list shows every one). Did you mean iChatBurst?',
    );
    const byConsole = await call('gameVarSet', { sVarID: 'iChatBrust', sType: 'int', sValue: '8', sReason: 'Typo' });
    expect(byConsole).toEqual({ iErrorCode: ErrorCode.GAMEVAR_REFUSED, sMessage: sentence });
    const far = await admin(t, 'gamevars', 'set', 'iFooBar', 'int', '3');
    expect(far.exitCode).toBe(2);
    expect(far.output).not.toContain('Did you mean');
    // A declared one out of its range is refused too (the console's sentence, as before).
    expect((await admin(t, 'gamevars', 'set', 'iChatBurst', 'int', '0')).output).toContain('iChatBurst must be 1…100.');
    expect((await admin(t, 'gamevars', 'list')).output).not.toMatch(/iChatBrust|iFooBar/);
    const audited = (await listAudit(t.deps.db, 500)).filter((row) => row.action === 'gamevars.set');
    expect(audited.map((row) => JSON.parse(row.detail).after.sVarID)).not.toContain('iChatBrust');
  });

  it('refuses a curse keyword with other characters than letters, never saving it shortened', async () => {
    const sentence = 'A keyword has letters only: "DAGON1" also has 1, which the cipher would drop.';
    const cli = await admin(
      t,
      'cursebreaker',
      'set',
      '--answer',
      'The stars are right',
      '--cipher',
      'keyword',
      '--key',
      'DAGON1',
    );
    expect(cli.exitCode).toBe(2);
    expect(cli.output).toContain(sentence);
    expect(
      await call('curseSet', { sAnswer: 'The stars are right', sCipher: 'keyword', sKey: 'DAGON1', sReason: 'Event' }),
    ).toEqual({ iErrorCode: ErrorCode.CURSE_REFUSED, sMessage: sentence });
    expect((await admin(t, 'cursebreaker', 'show')).output).not.toContain('key DAGON)');
  });

  it('never changes an operator’s role or re-mails an enrolled operator through operator add', {
    timeout: 120_000,
  }, async () => {
    await enrolledOperator(t, 'helper@round3.example', 'moderator');
    const mailsBefore = await mailsTo('helper@round3.example');
    const cli = await admin(t, 'operator', 'add', 'helper@round3.example', '--role', 'viewer');
    expect(cli.exitCode).not.toBe(0);
    expect(cli.output).toContain(
      'helper@round3.example is already an operator (moderator, enrolled): nothing changed and nothing was mailed.',
    );
    // Operator changes need a fresh confirmation (issue 35).
    const confirmed = await call('confirmIdentity', {
      sPassword: OPERATOR_PASSWORD,
      sCode: adminBackupCodes.shift() as string,
    });
    expect(confirmed.iErrorCode).toBe(0);
    const byConsole = await call('operatorAdd', { sEmail: 'Helper@round3.example', sRole: 'viewer', sReason: 'Hire' });
    expect(byConsole).toMatchObject({
      iErrorCode: ErrorCode.CONSOLE_OPERATOR_EXISTS,
      pOperator: { sEmail: 'helper@round3.example', sRole: 'moderator', bTwoFactor: true },
    });
    expect(byConsole.sMessage).toContain('nothing changed and nothing was mailed');
    // The same role again: refused too, once enrolled.
    expect(
      (await call('operatorAdd', { sEmail: 'helper@round3.example', sRole: 'moderator', sReason: 'Again' })).iErrorCode,
    ).toBe(ErrorCode.CONSOLE_OPERATOR_EXISTS);
    expect((await admin(t, 'operator', 'list')).output).toMatch(/helper@round3\.example\s+moderator/);
    expect(await mailsTo('helper@round3.example')).toBe(mailsBefore);
    // The role changes only when asked for by name.
    expect(
      await call('operatorSetRole', { sEmail: 'helper@round3.example', sRole: 'viewer', sReason: 'Asked' }),
    ).toMatchObject({ iErrorCode: 0 });

    // Invited but not enrolled yet, same role: a fresh link (the first was lost); another role: refused.
    expect((await admin(t, 'operator', 'add', 'late@round3.example', '--role', 'support')).exitCode).toBe(0);
    expect(
      (await call('operatorAdd', { sEmail: 'late@round3.example', sRole: 'support', sReason: 'Lost' })).iErrorCode,
    ).toBe(0);
    expect(await mailsTo('late@round3.example')).toBe(2);
    expect(
      (await call('operatorAdd', { sEmail: 'late@round3.example', sRole: 'admin', sReason: 'Up' })).iErrorCode,
    ).toBe(ErrorCode.CONSOLE_OPERATOR_EXISTS);
  });

  it('holds a raffle closed by hand for review: the job never draws it, an operator does', async () => {
    const first = await openTestRaffle(t, { title: 'Held raffle' });
    const entrant = await memberWithTickets(t, 3, 'held');
    await t.call('enterRaffle', { iRaffleID: first, iTickets: 2, sIdempotencyKey: idemKey() }, entrant.token);

    // Another raffle cannot open meanwhile; the refusal names the open one.
    const later = await call('raffleCreate', {
      sTitle: 'Second',
      iOpensAt: clock.now() + 3_600_000,
      iClosesAt: clock.now() + 86_400_000,
      aPrizes: [{ sKind: 'points', iAmount: 10, iQuantity: 1 }],
      sReason: 'Next week',
    });
    const second = later.iRaffleID as number;
    const opening = await call('raffleOpen', { iRaffleID: second, sReason: 'Early' });
    expect(opening).toEqual({
      iErrorCode: ErrorCode.RAFFLE_WRONG_STATE,
      sMessage: `Raffle ${second} cannot open while raffle ${first} "Held raffle" is open: only one raffle is open at a time; close or cancel raffle ${first} first.`,
    });
    const listed = await call('raffleList', { iPage: 0, iPageSize: 20 });
    expect(listed.iOpenRaffleID).toBe(first);

    expect(await call('raffleClose', { iRaffleID: first, sReason: 'Review the entries' })).toMatchObject({
      iErrorCode: 0,
    });
    const report = await raffleJobOf(t, 'round3')();
    expect(report.drawn).not.toContain(first);
    clock.advance(60_000);
    expect((await raffleJobOf(t, 'round3')()).drawn).not.toContain(first);
    const row = ((await call('raffleList', { iPage: 0, iPageSize: 20 })).aRows as ConsoleRaffleRow[]).find(
      (r) => r.iRaffleID === first,
    );
    expect(row).toMatchObject({ sStatus: 'closed', bHeldForReview: true, iEntrantCount: 1, iTicketTotal: 2 });
    expect((await admin(t, 'raffle', 'show', String(first))).output).toContain(
      '[closed, held for review until an operator draws]',
    );
    const overview = (await call('consoleOverview', {}, viewerToken)) as unknown as ConsoleOverviewAnswer;
    expect(overview.iRafflesHeldForReview).toBe(1);

    // The operator draws after the review; the CLI would do the same (raffle draw).
    expect(await call('raffleDraw', { iRaffleID: first, sReason: 'Reviewed' })).toMatchObject({ iErrorCode: 0 });
    const close = (await listAudit(t.deps.db, 500)).find((r) => r.action === 'raffle.close');
    expect(JSON.parse(close?.detail ?? '{}')).toMatchObject({ raffleId: first, heldForReview: true });

    // The job's own close on time is drawn by the job, as before.
    expect(await call('raffleOpen', { iRaffleID: second, sReason: 'Now free' })).toMatchObject({ iErrorCode: 0 });
    clock.advance(2 * 86_400_000);
    const timed = await raffleJobOf(t, 'round3')();
    expect(timed.closed).toContain(second);
    expect(timed.drawn).toContain(second);
  });

  it('answers the overview to every role from the capabilities’ own counts', async () => {
    // The clock moved on two days above: fresh console sessions.
    adminToken = (await enrolledOperator(t, 'admin2@round3.example', 'admin')).token;
    viewerToken = (await enrolledOperator(t, 'viewer2@round3.example', 'viewer')).token;
    const before = (await call('consoleOverview', {}, viewerToken)) as unknown as ConsoleOverviewAnswer;
    expect(before).toMatchObject({ iErrorCode: 0, pInstances: { sTransport: expect.any(String) } });
    expect(before.iDayStartsAt % 86_400_000).toBe(0);
    const pulse = await call('statusPulse', { sRange: '24h', sBucket: 'day' }, viewerToken);
    const series = pulse.aSeries as Array<{ sKey: string; aValues: number[] }>;
    const todayOf = (key: string) => series.find((s) => s.sKey === key)?.aValues.at(-1);
    expect(before.iSignUpsToday).toBe(todayOf('signUps'));
    expect(before.iActiveMembersToday).toBe(todayOf('activeMembers'));

    await call('announceSend', {
      sTitle: 'Tide report',
      sBody: 'The tide turns.',
      pSegment: { bEveryone: true },
      iSendAt: clock.now() + 3_600_000,
      bEmail: false,
      sReason: 'Weekly news',
    });
    const after = (await call('consoleOverview', {}, viewerToken)) as unknown as ConsoleOverviewAnswer;
    expect(after.iAnnouncementsPending).toBe(before.iAnnouncementsPending + 1);
    expect(after.iReportsWaiting).toBeGreaterThanOrEqual(0);
    // Every role holds status:read: admin and viewer above, the other two here.
    for (const role of ['moderator', 'support']) {
      const op = await enrolledOperator(t, `${role}-ov@round3.example`, role);
      expect((await call('consoleOverview', {}, op.token)).iErrorCode, role).toBe(0);
    }
  }, 120_000);
});
