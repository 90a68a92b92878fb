import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/cli/commands';
import { findStoreItem } from '../../src/server/features/store/catalogue';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { buy, memberWithPoints } from '../support/storeHelpers';

describe.each(DIALECTS)('store operator commands on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const NOW = Date.UTC(2026, 0, 5, 12);
  const admin = (...args: string[]) =>
    runAdmin(['store', ...args], { db: t.deps.db, now: () => NOW, actor: 'cli:test' });
  const audited = async (action: string) =>
    (await listAudit(t.deps.db, 500))
      .filter((a) => a.action === action)
      .map((a) => JSON.parse(a.detail))
      .reverse();

  it('adds items of each kind with sensible defaults, audited', async () => {
    expect(
      await admin('add', 'cli-agent', '--template', 'agent-lamplighter', '--price', '250', '--stock', '3'),
    ).toEqual({
      exitCode: 0,
      output: 'Added cli-agent (collectible, template agent-lamplighter): 250 points, stock 3, limit 2',
    });
    const agent = await findStoreItem(t.deps.db, 'cli-agent');
    expect(agent).toMatchObject({
      name: "The Lamplighter of R'lyeh",
      image: 'agents/lamplighter.svg',
      member_limit: 2,
    });

    expect(
      await admin(
        'add',
        'cli-bundle',
        '--kind',
        'tickets',
        '--tickets',
        '5',
        '--price',
        '120',
        '--name',
        'Five for the Deep',
        '--description',
        'Five **tickets**.',
        '--limit',
        '4',
        '--from',
        '2026-02-01',
        '--until',
        '2026-03-01T18:00Z',
      ),
    ).toMatchObject({ exitCode: 0 });
    expect(await findStoreItem(t.deps.db, 'cli-bundle')).toMatchObject({
      kind: 'tickets',
      image: 'store/ticket-bundle.svg',
      description: 'Five **tickets**.',
      member_limit: 4,
      stock: null,
      available_from: Date.UTC(2026, 1, 1),
      available_until: Date.UTC(2026, 2, 1, 18),
    });
    expect(await audited('store.add')).toEqual([
      expect.objectContaining({ id: 'cli-agent', price: 250 }),
      expect.objectContaining({ id: 'cli-bundle', tickets: 5 }),
    ]);
  });

  it('refuses malformed items with a sentence and changes nothing', async () => {
    const refusals: Array<[string[], RegExp, number]> = [
      [['add', 'no-price', '--template', 'agent-lamplighter'], /price/, 1],
      [['add', 'no-template', '--price', '10'], /collectible names its template/, 1],
      [['add', 'bad-template', '--template', 'no-such', '--price', '10'], /no collectible template no-such/, 1],
      [['add', 'no-tickets', '--kind', 'tickets', '--price', '10', '--name', 'Tickets'], /give at least 1 ticket/, 1],
      [['add', 'no-name', '--kind', 'tickets', '--tickets', '2', '--price', '10'], /An item needs a name/, 1],
      [
        ['add', 'reversed', '--kind', 'tickets', '--tickets', '1', '--price', '1', '--name', 'R'].concat([
          '--from',
          '2026-03-01',
          '--until',
          '2026-02-01',
        ]),
        /must end after it starts/,
        1,
      ],
      [
        ['add', 'Bad Id', '--kind', 'tickets', '--tickets', '1', '--price', '1', '--name', 'B'],
        /An item id is 1–64 of a-z/,
        1,
      ],
      [
        ['add', 'cli-agent', '--template', 'agent-lamplighter', '--price', '1'],
        /There is an item cli-agent already/,
        1,
      ],
      [['add', 'x', '--price', 'ten'], /--price needs a whole number/, 2],
      [['add', 'x', '--from', 'someday'], /--from needs a date/, 2],
      [['add', 'x', '--kind', 'hat'], /--kind is one of/, 2],
      [['add', 'x', '--colour', 'red'], /Unknown option: --colour/, 2],
      [['add', 'x', '--price'], /--price needs a value/, 2],
      [['add'], /Which item\?/, 2],
      [['update', 'no-such-item', '--price', '5'], /There is no item no-such-item/, 1],
      [['update', 'cli-agent'], /Nothing to change/, 1],
      [['update', 'cli-agent', '--limit', '0'], /per-member limit is a whole number, at least 1/, 1],
      [['restock', 'cli-bundle', '5'], /unlimited stock/, 1],
      [['restock', 'cli-agent', '-2'], /whole number of units/, 1],
      [['retire', 'no-such-item'], /There is no item no-such-item/, 1],
      [['sell'], /Unknown store command: sell/, 2],
    ];
    for (const [args, message, exitCode] of refusals) {
      const result = await admin(...args);
      expect(result.exitCode, args.join(' ')).toBe(exitCode);
      expect(result.output, args.join(' ')).toMatch(message);
    }
    expect(await findStoreItem(t.deps.db, 'no-price')).toBeUndefined();
    expect(await findStoreItem(t.deps.db, 'cli-agent')).toMatchObject({ member_limit: 2, price: 250 });
  });

  it('updates only the named fields, restocks and retires, each audited', async () => {
    const member = await memberWithPoints(t, 1000);
    expect((await buy(t, member, 'cli-agent')).iErrorCode).toBe(0);
    expect(await admin('update', 'cli-agent', '--price', '300', '--limit', '3')).toMatchObject({
      exitCode: 0,
      output: 'Updated cli-agent (collectible, template agent-lamplighter): 300 points, stock 2, limit 3',
    });
    expect(await admin('update', 'cli-bundle', '--from', 'none', '--until', 'none')).toMatchObject({ exitCode: 0 });
    expect(await findStoreItem(t.deps.db, 'cli-bundle')).toMatchObject({ available_from: null, available_until: null });
    expect(await admin('restock', 'cli-agent', '5')).toEqual({ exitCode: 0, output: 'cli-agent: 7 in stock' });
    expect(await admin('retire', 'cli-bundle')).toEqual({ exitCode: 0, output: 'Retired cli-bundle' });

    const list = (await admin('list')).output;
    expect(list).toMatch(/^ID\s+KIND\s+PRICE\s+STOCK\s+SOLD\s+LIMIT\s+WINDOW\s+STATE$/m);
    expect(list).toMatch(/^cli-agent\s+collectible\s+300\s+7\s+1\s+3\s+… → …\s+on sale$/m);
    expect(list).toMatch(/^tide-warden\s+collectible\s+150\s+25\s+0\s+2\s/m);
    expect(list).not.toMatch(/cli-bundle/);
    expect((await admin('list', '--all')).output).toMatch(
      /^cli-bundle\s+tickets\s+120\s+unlimited\s+0\s+4\s+.*retired$/m,
    );

    expect(await audited('store.update')).toEqual([
      { id: 'cli-agent', changes: { price: 300, member_limit: 3 } },
      { id: 'cli-bundle', changes: { available_from: null, available_until: null } },
    ]);
    expect(await audited('store.restock')).toEqual([{ id: 'cli-agent', units: 5, stock: 7 }]);
    expect(await audited('store.retire')).toEqual([{ id: 'cli-bundle' }]);
  });

  it('grants points and tickets to a member by handle, with a reason, audited', async () => {
    const member = await memberWithPoints(t, 0);
    const run = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => NOW, actor: 'cli:test' });
    expect(await run('grant', 'points', member.email, '250', 'Sorry', 'for', 'the', 'outage')).toEqual({
      exitCode: 0,
      output: `Granted 250 points to ${member.userId}`,
    });
    expect(await run('grant', 'tickets', member.userId, '2')).toMatchObject({ exitCode: 0 });
    expect(await run('grant', 'points', member.userId, '0')).toMatchObject({ exitCode: 2 });
    expect(await run('grant', 'points', 'nobody@example.com', '5')).toMatchObject({ exitCode: 1 });
    const ledger = await t.deps.db
      .selectFrom('ledger')
      .select(['asset', 'amount', 'reason'])
      .where('user_id', '=', member.userId)
      .where('idem_key', 'like', 'operator:%')
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.asset, Number(l.amount), l.reason])).toEqual([
      ['points', 250, 'Sorry for the outage'],
      ['tickets', 2, 'tickets from the portal team'],
    ]);
    expect((await listAudit(t.deps.db, 500)).filter((a) => a.action.startsWith('grant.')).map((a) => a.action)).toEqual(
      ['grant.tickets', 'grant.points'],
    );
  });
});
