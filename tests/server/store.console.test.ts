import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import type { ConsoleStoreCatalogueAnswer } from '../../src/protocol/store';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, enrolledOperator } from '../support/operators';
import { buy, memberWithPoints } from '../support/storeHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

const REASON = 'Spring sale';

/**
 * Issue 29: the console's catalogue editor. Each lever answers like `store …` (the same function,
 * the same sentence), only admins (live:manage) pull them, and the audit row is the CLI's but for
 * its actor.
 */
describe.each(DIALECTS)('store console actions on %s', (dialect) => {
  let t: TestApp;
  const op = {} as Record<ConsoleRole, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    for (const role of CONSOLE_ROLES) op[role] = (await enrolledOperator(t, `${role}@store.example`, role)).token;
  });
  afterAll(() => closeTestApp(t));

  const call = (action: string, body: Record<string, unknown>, role: ConsoleRole = 'admin') =>
    consoleCall(t, action, body, op[role]);
  const catalogue = async (role: ConsoleRole = 'admin') =>
    (await call('storeCatalogue', {}, role)) as unknown as ConsoleStoreCatalogueAnswer;
  const itemOf = async (id: string) => (await catalogue()).aItems.find((i) => i.sStoreItemID === id);

  /** The newest audit rows of one action, detail parsed. */
  async function audits(action: string) {
    return (await listAudit(t.deps.db, 500))
      .filter((row) => row.action === action)
      .map((row) => ({ actor: row.actor, detail: JSON.parse(row.detail) as Record<string, unknown> }));
  }

  it('lists every item with its sales, and the templates to pick art from, to every role', async () => {
    const list = await catalogue('viewer');
    expect(list.iErrorCode).toBe(0);
    expect(list.aTemplates.length).toBeGreaterThan(5);
    expect(list.aTemplates[0]).toMatchObject({ sImage: expect.stringContaining('/media/') });
    const seeded = list.aItems.find((i) => i.sKind === 'collectible');
    expect(seeded).toMatchObject({ iSold: 0, iPointsTaken: 0, iRetiredAt: null });
  });

  it('adds, updates, restocks, retires and restores an item; sales and points taken follow purchases', async () => {
    const template = (await catalogue()).aTemplates[0];
    const added = await call('storeItemAdd', {
      sStoreItemID: 'console-agent',
      sTemplateID: template?.sTemplateID,
      sDescription: 'A **rare** find. [More](https://example.com)',
      iPrice: 40,
      iStock: 3,
      iLimit: 2,
      sReason: REASON,
    });
    expect(added).toMatchObject({
      iErrorCode: 0,
      pItem: { sStoreItemID: 'console-agent', sName: template?.sName, sImagePath: template?.sImagePath, iStock: 3 },
    });

    const member = await memberWithPoints(t, 200, 'console-buyer');
    expect((await buy(t, member, 'console-agent', { quantity: 2 })).iErrorCode).toBe(0);
    expect(await itemOf('console-agent')).toMatchObject({ iSold: 2, iPointsTaken: 80, iStock: 1 });

    // Points taken are what members paid, not today's price.
    expect(await call('storeItemUpdate', { sStoreItemID: 'console-agent', iPrice: 55, sReason: REASON })).toMatchObject(
      {
        iErrorCode: 0,
        pItem: { iPrice: 55, iPointsTaken: 80 },
      },
    );
    expect(await call('storeItemRestock', { sStoreItemID: 'console-agent', iUnits: 5, sReason: REASON })).toMatchObject(
      { iErrorCode: 0, pItem: { iStock: 6 } },
    );
    expect(await call('storeItemRetire', { sStoreItemID: 'console-agent', sReason: REASON })).toMatchObject({
      iErrorCode: 0,
      pItem: { iRetiredAt: expect.any(Number) },
    });
    expect((await buy(t, member, 'console-agent')).iErrorCode).toBe(ErrorCode.NO_LONGER_ON_SALE);
    expect(await call('storeItemRetire', { sStoreItemID: 'console-agent', sReason: REASON })).toMatchObject({
      iErrorCode: ErrorCode.ALREADY_DONE,
      sMessage: 'console-agent is retired already.',
    });
    expect(await call('storeItemRestore', { sStoreItemID: 'console-agent', sReason: REASON })).toMatchObject({
      iErrorCode: 0,
      pItem: { iRetiredAt: null },
    });
    expect((await buy(t, member, 'console-agent', { quantity: 1 })).iErrorCode).toBe(ErrorCode.PURCHASE_LIMIT_REACHED);
  });

  it('refuses bad values with a documented code and the sentence the CLI prints', async () => {
    const bundle = { sKind: 'tickets', iTickets: 2, sName: 'Bundle', iPrice: 10 };
    const cases: Array<[string, Record<string, unknown>, number, string[]]> = [
      [
        'storeItemAdd',
        { ...bundle, sStoreItemID: 'Bad Id' },
        ErrorCode.STORE_ITEM_INVALID,
        ['add', 'Bad Id', '--kind', 'tickets', '--tickets', '2', '--name', 'Bundle', '--price', '10'],
      ],
      [
        'storeItemAdd',
        { ...bundle, sStoreItemID: 'no-limit', iLimit: 0 },
        ErrorCode.STORE_ITEM_INVALID,
        ['add', 'no-limit', '--kind', 'tickets', '--tickets', '2', '--name', 'Bundle', '--price', '10', '--limit', '0'],
      ],
      [
        'storeItemAdd',
        { sStoreItemID: 'no-template', iPrice: 10 },
        ErrorCode.STORE_ITEM_INVALID,
        ['add', 'no-template', '--price', '10'],
      ],
      [
        'storeItemAdd',
        { ...bundle, sStoreItemID: 'console-agent' },
        ErrorCode.STORE_ITEM_EXISTS,
        ['add', 'console-agent', '--kind', 'tickets', '--tickets', '2', '--name', 'Bundle', '--price', '10'],
      ],
      [
        'storeItemUpdate',
        { sStoreItemID: 'console-agent', iAvailableFrom: 2000, iAvailableUntil: 1000 },
        ErrorCode.STORE_ITEM_INVALID,
        ['update', 'console-agent', '--from', '1970-01-01T00:00:02Z', '--until', '1970-01-01T00:00:01Z'],
      ],
      [
        'storeItemUpdate',
        { sStoreItemID: 'nothing-here', iPrice: 5 },
        ErrorCode.NOT_FOUND,
        ['update', 'nothing-here', '--price', '5'],
      ],
      [
        'storeItemRestock',
        { sStoreItemID: 'console-agent', iUnits: 0 },
        ErrorCode.STORE_ITEM_INVALID,
        ['restock', 'console-agent', '0'],
      ],
    ];
    for (const [action, body, code, cli] of cases) {
      const answer = await call(action, { ...body, sReason: REASON });
      const printed = await admin(t, 'store', ...cli);
      expect(answer.iErrorCode, action).toBe(code);
      expect(printed.exitCode, cli.join(' ')).not.toBe(0);
      expect(printed.output.trim(), cli.join(' ')).toContain(answer.sMessage as string);
      expect((answer.sMessage as string).length).toBeGreaterThan(10);
    }
    // The shape is the console's to check: a price that is not a number is BAD_INPUT, never a 500.
    expect(await call('storeItemAdd', { sStoreItemID: 'x', iPrice: 'ten', sReason: REASON })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect(await call('storeItemRetire', { sStoreItemID: 'console-agent' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
      sMessage: expect.stringContaining('reason'),
    });
  });

  it('refuses every change to a viewer, support and a moderator (CONSOLE_FORBIDDEN), changing nothing', async () => {
    const before = await itemOf('console-agent');
    const changes: Array<[string, Record<string, unknown>]> = [
      ['storeItemAdd', { sStoreItemID: 'forbidden', sKind: 'tickets', iTickets: 1, sName: 'F', iPrice: 1 }],
      ['storeItemUpdate', { sStoreItemID: 'console-agent', iPrice: 1 }],
      ['storeItemRestock', { sStoreItemID: 'console-agent', iUnits: 1 }],
      ['storeItemRetire', { sStoreItemID: 'console-agent' }],
      ['storeItemRestore', { sStoreItemID: 'console-agent' }],
    ];
    for (const role of ['viewer', 'support', 'moderator'] as const) {
      for (const [action, body] of changes) {
        expect(await call(action, { ...body, sReason: REASON }, role), `${role} ${action}`).toMatchObject({
          iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
        });
      }
    }
    expect(await itemOf('console-agent')).toEqual(before);
    expect(await itemOf('forbidden')).toBeUndefined();
  });

  it('writes the audit row the CLI writes, but for its actor', async () => {
    const fields = ['--kind', 'tickets', '--tickets', '3', '--name', 'Twin', '--price', '25', '--stock', '4'];
    expect(await admin(t, 'store', 'add', 'twin-cli', ...fields, '--reason', REASON)).toMatchObject({ exitCode: 0 });
    const added = await call('storeItemAdd', {
      sStoreItemID: 'twin-console',
      sKind: 'tickets',
      iTickets: 3,
      sName: 'Twin',
      iPrice: 25,
      iStock: 4,
      sReason: REASON,
    });
    expect(added.iErrorCode).toBe(0);
    const [consoleAdd, cliAdd] = await audits('store.add');
    const bare = (detail: Record<string, unknown>) => ({ ...detail, id: 'ID', created_at: 0, updated_at: 0 });
    expect(consoleAdd?.actor).toBe('console:admin@store.example');
    expect(cliAdd?.actor).toBe('cli:tester');
    expect(bare(consoleAdd?.detail ?? {})).toEqual(bare(cliAdd?.detail ?? {}));
    expect(consoleAdd?.detail.reason).toBe(REASON);

    // The same change to one item, from each side: the rows are equal but for the actor.
    const pairs: Array<[string, string[], string, Record<string, unknown>]> = [
      [
        'store.update',
        ['update', 'twin-cli', '--price', '30', '--limit', '3'],
        'storeItemUpdate',
        { iPrice: 30, iLimit: 3 },
      ],
      ['store.restock', ['restock', 'twin-cli', '2'], 'storeItemRestock', { iUnits: 2 }],
      ['store.retire', ['retire', 'twin-cli'], 'storeItemRetire', {}],
      ['store.restore', ['restore', 'twin-cli'], 'storeItemRestore', {}],
    ];
    for (const [action, cli, consoleAction, body] of pairs) {
      expect(await admin(t, 'store', ...cli, '--reason', REASON), action).toMatchObject({ exitCode: 0 });
      if (action === 'store.retire') await admin(t, 'store', 'restore', 'twin-cli');
      if (action === 'store.restore') await admin(t, 'store', 'retire', 'twin-cli');
      expect((await call(consoleAction, { sStoreItemID: 'twin-cli', ...body, sReason: REASON })).iErrorCode).toBe(0);
      const [fromConsole, fromCli] = (await audits(action)).filter(
        (row) => row.actor !== 'cli:tester' || row.detail.reason,
      );
      expect(fromConsole?.actor, action).toBe('console:admin@store.example');
      expect(fromCli?.actor, action).toBe('cli:tester');
      // A restock records the stock after it: each side restocked by 2 from where the other left it.
      const same =
        action === 'store.restock' ? { ...fromConsole?.detail, stock: fromCli?.detail.stock } : fromConsole?.detail;
      expect(same, action).toEqual(fromCli?.detail);
    }
  });
});
