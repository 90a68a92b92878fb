import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { weekOf } from '../../src/protocol/games';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, enrolledOperator } from '../support/operators';
import { register, signUp } from '../support/rewardsHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

/**
 * Issue 29, live operations in the console: maintenance and flags, game vars and the
 * curse-breaker. Each change calls the CLI's function: the same refusal sentences, and an audit
 * row that differs from the CLI's only in its actor.
 */
describe.each(DIALECTS)('the console’s live operations on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let viewer: string;
  let moderator: string;
  const ADMIN_ACTOR = 'console:admin@liveops.example';
  const CLI_ACTOR = 'cli:tester';

  beforeAll(async () => {
    // A clock that stands still: the console's and the CLI's change carry the same instant.
    t = await createTestApp(dialect, { clock: testClock(Date.now()), config: { rateLimits: ROOMY_LIMITS } });
    adminToken = (await enrolledOperator(t, 'admin@liveops.example', 'admin')).token;
    viewer = (await enrolledOperator(t, 'viewer@liveops.example', 'viewer')).token;
    moderator = (await enrolledOperator(t, 'moderator@liveops.example', 'moderator')).token;
  });
  afterAll(() => closeTestApp(t));

  const call = (action: string, body: Record<string, unknown>, token = adminToken) =>
    consoleCall(t, action, body, token);

  /** The newest audit row of an action: its actor and its detail. */
  async function lastAudit(action: string) {
    const row = (await listAudit(t.deps.db, 200)).find((r) => r.action === action);
    if (!row) throw new Error(`no ${action} in the audit log`);
    return { actor: row.actor, detail: JSON.parse(row.detail) as Record<string, unknown> };
  }

  /** The same change by the console and by the CLI: their audit rows, the actor set aside. */
  async function sameAudit(action: string, byConsole: () => Promise<unknown>, byCli: () => Promise<unknown>) {
    await byConsole();
    const fromConsole = await lastAudit(action);
    await byCli();
    const fromCli = await lastAudit(action);
    expect(fromConsole.actor).toBe(ADMIN_ACTOR);
    expect(fromCli.actor).toBe(CLI_ACTOR);
    // An actor written into the detail (a curse's created_by) is the actor too.
    const withoutActor = (detail: unknown, actor: string) => JSON.parse(JSON.stringify(detail).replaceAll(actor, '*'));
    return [withoutActor(fromConsole.detail, ADMIN_ACTOR), withoutActor(fromCli.detail, CLI_ACTOR)];
  }

  const changes: Array<[string, Record<string, unknown>]> = [
    ['maintenanceSet', { bMaintenance: true, sMessage: 'x', sReason: 'r' }],
    ['flagSet', { sName: 'bChat', bOn: false, sReason: 'r' }],
    ['gameVarSet', { sVarID: 'iChatBurst', sType: 'int', sValue: '7', sReason: 'r' }],
    ['curseSet', { sAnswer: 'LAMPLIGHTER', sCipher: 'shift', sReason: 'r' }],
    ['curseClear', { sReason: 'r' }],
  ];

  it('refuses a viewer and a moderator every change (CONSOLE_FORBIDDEN), and lets them read', async () => {
    for (const [action, body] of changes) {
      for (const token of [viewer, moderator]) {
        expect(await call(action, body, token), action).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_FORBIDDEN });
      }
    }
    for (const action of ['settingsShow', 'gameVarsList', 'curseShow']) {
      expect(await call(action, {}, viewer), action).toMatchObject({ iErrorCode: 0 });
    }
    // Nothing changed.
    expect(await call('settingsShow', {})).toMatchObject({
      pMaintenance: { bMaintenance: false },
      pFlags: { bChat: true },
    });
  });

  it('turns maintenance on and off with the CLI’s sentences, and members get it at once', async () => {
    const on = await call('maintenanceSet', { bMaintenance: true, sMessage: 'Back at 14:00 UTC', sReason: 'Deploy' });
    expect(on).toMatchObject({
      iErrorCode: 0,
      pMaintenance: { bMaintenance: true, sMessage: 'Back at 14:00 UTC' },
      sSummary: 'Maintenance is ON: Back at 14:00 UTC',
    });
    const asked = await t.app.inject({ method: 'POST', url: '/api/portal/isMaintenance', payload: {} });
    expect(asked.json()).toMatchObject({ bMaintenance: true, sMessage: 'Back at 14:00 UTC' });
    // Off without a message keeps it only when asked to.
    const kept = await call('maintenanceSet', { bMaintenance: false, bKeepMessage: true, sReason: 'Done' });
    expect(kept.sSummary).toBe(
      'Maintenance is OFF; the message is kept and alerts visitors at most every 5 minutes: Back at 14:00 UTC',
    );
    const off = await call('maintenanceSet', { bMaintenance: false, sMessage: '', sReason: 'Done' });
    expect(off).toMatchObject({
      pMaintenance: { bMaintenance: false, sMessage: '' },
      sSummary: 'Maintenance is OFF; no message is shown',
    });
    expect(
      await call('maintenanceSet', { bMaintenance: false, bKeepMessage: true, sMessage: 'x', sReason: 'r' }),
    ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await call('maintenanceSet', { bMaintenance: true, sMessage: 'x', sReason: ' ' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
  });

  it('writes the audit row of maintenance and flags exactly as the CLI does, but for the actor', async () => {
    const [consoleOn, cliOn] = await sameAudit(
      'maintenance.on',
      () => call('maintenanceSet', { bMaintenance: true, sMessage: 'Soon back', sReason: 'Deploy' }),
      () => admin(t, 'maintenance', 'on', '--message', 'Soon back', '--reason', 'Deploy'),
    );
    expect(consoleOn).toEqual({ bMaintenance: true, sMessage: 'Soon back', reason: 'Deploy' });
    expect(consoleOn).toEqual(cliOn);
    const [consoleOff, cliOff] = await sameAudit(
      'maintenance.off',
      () => call('maintenanceSet', { bMaintenance: false, sReason: 'Done' }),
      () => admin(t, 'maintenance', 'off', '--reason', 'Done'),
    );
    expect(consoleOff).toEqual({ bMaintenance: false, sMessage: '', reason: 'Done' });
    expect(consoleOff).toEqual(cliOff);

    const flag = await call('flagSet', { sName: 'bRewardStore', bOn: false, sReason: 'Restock' });
    expect(flag).toMatchObject({ iErrorCode: 0, sName: 'bRewardStore', bOn: false, pFlags: { bRewardStore: false } });
    const flags = await t.app.inject({ method: 'POST', url: '/api/portal/getFlags', payload: {} });
    expect(flags.json()).toMatchObject({ pFlags: { bRewardStore: false } });
    const [consoleFlag, cliFlag] = await sameAudit(
      'flags.set',
      () => call('flagSet', { sName: 'bRewardStore', bOn: true, sReason: 'Restocked' }),
      () => admin(t, 'flags', 'set', 'bRewardStore', 'on', '--reason', 'Restocked'),
    );
    expect(consoleFlag).toEqual({ name: 'bRewardStore', on: true, reason: 'Restocked' });
    expect(consoleFlag).toEqual(cliFlag);
    expect(await call('flagSet', { sName: 'bNope', bOn: true, sReason: 'r' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
  });

  it('lists game vars with their type, range, reader and value, and sets one as the CLI does', async () => {
    const list = await call('gameVarsList', {}, viewer);
    const rows = list.aRows as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.sVarID === 'iChatBurst')).toEqual({
      sVarID: 'iChatBurst',
      sType: 'int',
      sReadBy: 'chat',
      sHint: '1…100',
      sDescription: expect.stringContaining('rate limit'),
      sDefault: '5',
      sValue: '5',
      bValid: true,
    });
    expect(rows.find((r) => r.sVarID === 'aRafflePrizes')).toMatchObject({ sType: 'json', sReadBy: 'raffle' });

    const set = await call('gameVarSet', { sVarID: 'iChatBurst', sType: 'int', sValue: '8', sReason: 'Busier chat' });
    expect(set).toMatchObject({
      iErrorCode: 0,
      pBefore: { sVarID: 'iChatBurst', sType: 'int', sValue: '5' },
      pVar: { sVarID: 'iChatBurst', sValue: '8', bValid: true },
    });
    const [fromConsole, fromCli] = await sameAudit(
      'gamevars.set',
      () => call('gameVarSet', { sVarID: 'iChatBurst', sType: 'int', sValue: '6', sReason: 'Calmer' }),
      () => admin(t, 'gamevars', 'set', 'iChatBurst', 'int', '6', '--reason', 'Calmer'),
    );
    expect(fromConsole).toEqual({
      before: fromConsole.before,
      after: { sVarID: 'iChatBurst', sType: 'int', sValue: '6' },
      reason: 'Calmer',
    });
    // The CLI's "before" is the console's "after": otherwise the rows are the same.
    expect({ ...fromCli, before: null }).toEqual({ ...fromConsole, before: null });
  });

  it('refuses an out-of-range or mistyped game var with the sentence the CLI prints', async () => {
    for (const [type, value] of [
      ['int', '101'],
      ['int', 'lots'],
      ['float', '3'],
    ] as const) {
      const cli = await admin(t, 'gamevars', 'set', 'iChatBurst', type, value);
      expect(cli.exitCode).toBe(2);
      const sentence = cli.output.split('\n')[0];
      const refused = await call('gameVarSet', { sVarID: 'iChatBurst', sType: type, sValue: value, sReason: 'Try' });
      expect(refused).toEqual({ iErrorCode: ErrorCode.GAMEVAR_REFUSED, sMessage: sentence });
    }
    expect((await admin(t, 'gamevars', 'set', 'iChatBurst', 'int', '101')).output).toContain(
      'iChatBurst must be 1…100.',
    );
    const rows = (await call('gameVarsList', {})).aRows as Array<{ sVarID: string; sValue: string }>;
    expect(rows.find((r) => r.sVarID === 'iChatBurst')?.sValue).toBe('6');
  });

  it('shows, sets and clears the week’s curse with its solves, as cursebreaker does', async () => {
    const week = weekOf(t.deps.clock.now()).sWeek;
    const shown = await call('curseShow', {}, viewer);
    expect(shown).toMatchObject({
      iErrorCode: 0,
      pCurse: { sWeek: week, sSource: 'generated' },
      iSolves: 0,
      aSolves: [],
    });

    expect(await call('curseSet', { sAnswer: 'AB', sCipher: 'shift', sReason: 'r' })).toEqual({
      iErrorCode: ErrorCode.CURSE_REFUSED,
      sMessage: 'The answer needs 4 to 200 characters, at least 4 of them letters.',
    });
    expect((await admin(t, 'cursebreaker', 'set', '--answer', 'AB')).output).toContain(
      'The answer needs 4 to 200 characters, at least 4 of them letters.',
    );
    expect(await call('curseShow', { sWeek: '2026-W99' })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });

    const set = await call('curseSet', { sAnswer: 'LAMPLIGHTER', sCipher: 'shift', sReason: 'Event week' });
    expect(set).toMatchObject({
      iErrorCode: 0,
      pCurse: { sSource: 'operator', sAnswer: 'LAMPLIGHTER', sCipher: 'shift', sKey: '3', sCipherText: 'ODPSOLJKWHU' },
    });
    const [consoleSet, cliSet] = await sameAudit(
      'cursebreaker.set',
      () => call('curseSet', { sAnswer: 'THE STARS ARE RIGHT', sCipher: 'keyword', sReason: 'Event' }),
      () =>
        admin(t, 'cursebreaker', 'set', '--answer', 'THE STARS ARE RIGHT', '--cipher', 'keyword', '--reason', 'Event'),
    );
    expect(cliSet).toMatchObject({ after: consoleSet.after, reason: 'Event' });
    expect({ ...cliSet, before: null }).toEqual({ ...consoleSet, before: null });

    // Two members broke it: the count and the page.
    const now = t.deps.clock.now();
    const solvers = [];
    for (const label of ['solvera', 'solverb']) {
      const m = await signUp(t, label);
      await register(t, { userId: m.userId });
      solvers.push(m);
    }
    await t.deps.db
      .insertInto('curse_solve')
      .values(solvers.map((s, i) => ({ week, user_id: s.userId, solved_at: now + i })))
      .execute();
    const page = await call('curseShow', { iPageSize: 1 });
    expect(page).toMatchObject({ iSolves: 2, bMore: true, aSolves: [{ sUserID: solvers[0]?.userId, iSolvedAt: now }] });
    expect(await call('curseShow', { iPage: 1, iPageSize: 1 })).toMatchObject({
      bMore: false,
      aSolves: [{ sUserID: solvers[1]?.userId }],
    });

    const [consoleClear, cliClear] = await sameAudit(
      'cursebreaker.clear',
      async () =>
        expect(await call('curseClear', { sReason: 'Back' })).toMatchObject({
          iErrorCode: 0,
          pCurse: { sSource: 'generated' },
        }),
      async () => {
        await admin(t, 'cursebreaker', 'set', '--answer', 'LAMPLIGHTER');
        await admin(t, 'cursebreaker', 'clear', '--reason', 'Back');
      },
    );
    expect(consoleClear).toEqual({ week, reason: 'Back' });
    expect(consoleClear).toEqual(cliClear);
    expect(await call('curseClear', { sReason: 'Again' })).toEqual({
      iErrorCode: ErrorCode.ALREADY_DONE,
      sMessage: `No curse was set for ${week}; it is generated.`,
    });
  });
});
