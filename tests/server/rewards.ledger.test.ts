import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyGrant, LedgerError } from '../../src/server/features/rewards/index';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';

describe.each(DIALECTS)('rewards ledger on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const ledgerRows = (key: string) =>
    t.deps.db.selectFrom('ledger').select('idem_key').where('idem_key', 'like', `${key}%`).execute();
  const balance = (userId: string) =>
    t.deps.db.selectFrom('balance').select(['points', 'tickets']).where('user_id', '=', userId).executeTakeFirst();

  it('applies 50 parallel identical grants exactly once', async () => {
    const grant = {
      userId: 'ledger-user-1',
      key: 'test-burst:1',
      reason: 'test',
      lines: [
        { asset: 'points' as const, amount: 7 },
        { asset: 'tickets' as const, amount: 3 },
        { asset: 'item' as const, templateId: 'agent-lamplighter' },
      ],
      now: 1,
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => applyGrant(t.deps.db, grant)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await ledgerRows('test-burst:1')).map((r) => r.idem_key).sort()).toEqual([
      'test-burst:1',
      'test-burst:1#2',
      'test-burst:1#3',
    ]);
    expect(await balance('ledger-user-1')).toEqual({ points: 7, tickets: 3 });
    const items = await t.deps.db
      .selectFrom('item')
      .select('id')
      .where('owner_user_id', '=', 'ledger-user-1')
      .execute();
    expect(items).toHaveLength(1);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('answers a retried grant as not applied and changes nothing', async () => {
    const grant = {
      userId: 'ledger-user-2',
      key: 'test-retry:2',
      reason: 'test',
      lines: [{ asset: 'tickets' as const, amount: 2 }],
      now: 1,
    };
    expect((await applyGrant(t.deps.db, grant)).applied).toBe(true);
    expect((await applyGrant(t.deps.db, grant)).applied).toBe(false);
    expect(await balance('ledger-user-2')).toEqual({ points: 0, tickets: 2 });
  });

  it('answers the balance its points and tickets lines left, as the balance reads after them', async () => {
    const lines = [
      { asset: 'points' as const, amount: 30 },
      { asset: 'tickets' as const, amount: 4 },
    ];
    const earn = { userId: 'ledger-user-6', key: 'test-balance:6', reason: 'test', lines, now: 1 };
    expect((await applyGrant(t.deps.db, earn)).balance).toEqual({ points: 30, tickets: 4 });
    const spend = { ...earn, key: 'test-balance:6b', lines: [{ asset: 'points' as const, amount: -12 }], now: 2 };
    expect((await applyGrant(t.deps.db, spend)).balance).toEqual({ points: 18, tickets: 4 });
    expect(await balance('ledger-user-6')).toEqual({ points: 18, tickets: 4 });
    // A retry changes nothing and answers no balance (its caller reads it).
    expect((await applyGrant(t.deps.db, spend)).balance).toBeUndefined();
  });

  it('refuses a spend the balance cannot cover, leaving no trace', async () => {
    await applyGrant(t.deps.db, {
      userId: 'ledger-user-3',
      key: 'test-earn:3',
      reason: 'test',
      lines: [{ asset: 'points', amount: 10 }],
      now: 1,
    });
    const spend = {
      userId: 'ledger-user-3',
      key: 'test-spend:3',
      reason: 'test',
      lines: [{ asset: 'points' as const, amount: -11 }],
      now: 2,
    };
    await expect(applyGrant(t.deps.db, spend)).rejects.toBeInstanceOf(LedgerError);
    expect(await ledgerRows('test-spend:3')).toEqual([]);
    expect(await balance('ledger-user-3')).toEqual({ points: 10, tickets: 0 });

    expect(
      (await applyGrant(t.deps.db, { ...spend, key: 'test-spend:3b', lines: [{ asset: 'points', amount: -10 }] }))
        .applied,
    ).toBe(true);
    expect(await balance('ledger-user-3')).toEqual({ points: 0, tickets: 0 });
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('rolls the whole grant back when one line fails (unknown template)', async () => {
    const grant = {
      userId: 'ledger-user-4',
      key: 'test-broken:4',
      reason: 'test',
      lines: [
        { asset: 'points' as const, amount: 5 },
        { asset: 'item' as const, templateId: 'no-such-template' },
      ],
      now: 1,
    };
    await expect(applyGrant(t.deps.db, grant)).rejects.toBeInstanceOf(LedgerError);
    expect(await ledgerRows('test-broken:4')).toEqual([]);
    expect(await balance('ledger-user-4')).toBeUndefined();
  });
});
