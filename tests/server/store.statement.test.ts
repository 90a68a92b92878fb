import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { PointsStatementAnswer, StatementEntry } from '../../src/protocol/store';
import { runAdmin } from '../../src/server/cli/commands';
import { reasonInWords } from '../../src/server/features/rewards/statement';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import type { TestMember } from '../support/rewardsHelpers';
import { addItem, buy, givePoints, memberWithPoints } from '../support/storeHelpers';

describe.each(DIALECTS)('the points statement on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  const statement = async (member: TestMember, fields: Record<string, number> = {}) =>
    (await t.call('getPointsStatement', fields, member.token)) as unknown as PointsStatementAnswer;

  /** Every entry's balances follow from the one before it (older) and its own amount. */
  function expectRunningBalances(entries: StatementEntry[]) {
    for (let i = 0; i < entries.length - 1; i++) {
      const newer = entries[i] as StatementEntry;
      const older = entries[i + 1] as StatementEntry;
      expect(newer.iEntryID).toBeGreaterThan(older.iEntryID);
      const points = newer.sAsset === 'points' ? newer.iAmount : 0;
      const tickets = newer.sAsset === 'tickets' ? newer.iAmount : 0;
      expect(newer.iPointsAfter, `entry ${newer.iEntryID}`).toBe(older.iPointsAfter + points);
      expect(newer.iTicketsAfter, `entry ${newer.iEntryID}`).toBe(older.iTicketsAfter + tickets);
    }
  }

  it('lists every movement, newest first, with its reason in words and the balances after it', async () => {
    const member = await memberWithPoints(t, 0);
    // The first visit of the day grants the daily reward.
    await t.call('getUserData', {}, member.token);
    await runAdmin(['grant', 'points', member.userId, '500', 'Launch', 'week', 'bonus'], {
      db: t.deps.db,
      now: () => clock.now(),
      actor: 'cli:test',
    });
    const agent = await addItem(t, { kind: 'collectible', template_id: 'agent-tide-warden', tickets: 0, price: 150 });
    const bundle = await addItem(t, { kind: 'tickets', tickets: 3, price: 90, name: 'A Fistful of Tickets' });
    await buy(t, member, agent);
    await buy(t, member, bundle);

    const answer = await statement(member);
    expect(answer.iErrorCode).toBe(ErrorCode.OK);
    expect(answer.iNextBeforeID).toBeNull();
    const lines = answer.aEntries.map((e) => [e.sReason, e.sAsset, e.iAmount]);
    expect(lines).toEqual([
      ['Bought A Fistful of Tickets', 'tickets', 3],
      ['Bought A Fistful of Tickets', 'points', -90],
      ['Bought Warden of the Black Tide', 'item', 1],
      ['Bought Warden of the Black Tide', 'points', -150],
      ['Launch week bonus', 'points', 500],
      ['Daily login reward, day 1', 'points', 5],
      ['Raffle tickets for registering', 'tickets', 1],
      ['Mythopedia page for registering', 'item', 1],
      ['Agent for registering', 'item', 1],
    ]);
    const [newest] = answer.aEntries;
    expect(newest).toMatchObject({ iPointsAfter: 265, iTicketsAfter: 4 });
    expect(answer).toMatchObject({ iPoints: 265, iRaffleTickets: 4 });
    expect(answer.aEntries[2]?.sItemName).toBe('Warden of the Black Tide');
    // The opaque id getInventory lists (issue 26 #2), so the History tab's link loads the item.
    const itemId = answer.aEntries[2]?.sItemID as string;
    expect(itemId).toMatch(/^[a-z2-9]{16}$/);
    const owned = await t.call('getItem', { sItemID: itemId }, member.token);
    expect(owned).toMatchObject({ iErrorCode: ErrorCode.OK, pItem: { sItemID: itemId } });
    expect(answer.aEntries.at(-1)).toMatchObject({ iPointsAfter: 0, iTicketsAfter: 0 });
    for (const entry of answer.aEntries) expect(entry.iTime).toBe(clock.now());
    expectRunningBalances(answer.aEntries);
  });

  it('pages without gaps or overlaps, and shows no one else’s movements', async () => {
    const member = await memberWithPoints(t, 0);
    const other = await memberWithPoints(t, 0);
    for (let i = 0; i < 23; i++) {
      await givePoints(t, member, i + 1);
      await givePoints(t, other, 1000);
    }
    const seen: StatementEntry[] = [];
    let before: number | null | undefined;
    let pages = 0;
    do {
      const page = await statement(member, { iPageSize: 10, ...(before ? { iBeforeID: before } : {}) });
      expect(page.aEntries.length).toBeLessThanOrEqual(10);
      seen.push(...page.aEntries);
      before = page.iNextBeforeID;
      pages++;
    } while (before);
    // 23 grants + the registration's Agent, Mythopedia page and tickets.
    expect(seen).toHaveLength(26);
    expect(pages).toBe(3);
    expect(new Set(seen.map((e) => e.iEntryID)).size).toBe(26);
    expectRunningBalances(seen);
    expect(seen[0]?.iPointsAfter).toBe((23 * 24) / 2);
    expect(seen.some((e) => e.iAmount === 1000)).toBe(false);
  });

  it('refuses a bad page size with a readable message', async () => {
    const member = await memberWithPoints(t, 0);
    const answer = await t.call('getPointsStatement', { iPageSize: 500 }, member.token);
    expect(answer.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    expect(answer.sMessage).toMatch(/iPageSize/);
  });
});

describe('reasons in words', () => {
  it('words rewards’ own reasons and keeps other capabilities’ words', () => {
    expect(reasonInWords('daily login reward day 7')).toBe('Daily login reward, day 7');
    expect(reasonInWords('referrer raffle tickets')).toBe('Raffle ticket for a friend who joined with your code');
    expect(reasonInWords('M1 Demo completion agent')).toBe('Agent for beating the M1 Demo');
    expect(reasonInWords('raffle prize: week 12')).toBe('Raffle prize: week 12');
  });
});
