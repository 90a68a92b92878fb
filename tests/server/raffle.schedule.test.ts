import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICKNET_CHAIN_INFO, verifyDrawBeacon } from '../../src/protocol/drand';
import type { UserData } from '../../src/protocol/identity';
import { publishedDraw, type RaffleAnswer, type RaffleEntriesAnswer } from '../../src/protocol/raffle';
import { verifyDraw } from '../../src/protocol/raffleDraw';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { createRaffle, openRaffle } from '../../src/server/features/raffle/lifecycle';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { idemKey, memberWithTickets, raffleJobOf } from '../support/raffleHelpers';

const at = (iso: string) => Date.parse(iso);

describe.each(DIALECTS)('the weekly raffle job on %s', (dialect) => {
  // Monday 5 January 2026, noon UTC.
  const clock = testClock(at('2026-01-05T12:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());
  const job = () => raffleJobOf(t, 'scheduler')();
  const raffles = () =>
    t.deps.db.selectFrom('raffle').select(['id', 'title', 'status', 'opens_at', 'closes_at']).orderBy('id').execute();

  it("creates and opens this week's raffle once, with the default prizes", async () => {
    const first = await job();
    expect(first).toMatchObject({ leader: true, created: [1], opened: [1] });
    expect(await job()).toMatchObject({ created: [], opened: [] });
    expect(await raffles()).toEqual([
      {
        id: 1,
        title: 'Weekly Raffle · 5 Jan 2026',
        status: 'open',
        opens_at: at('2026-01-05T00:00:00Z'),
        closes_at: at('2026-01-11T20:00:00Z'),
      },
    ]);
    const member = await memberWithTickets(t, 3, 'weekly');
    const info = ((await t.call('getUserData', {}, member.token)).pUserData as UserData).pRaffleDrawInfo;
    expect(info).toMatchObject({ bActive: true, sTitle: 'Weekly Raffle · 5 Jan 2026', iBeaconRound: 0 });
    expect(info.bActive && info.aPrizes.map((p) => p.sName)).toEqual([
      expect.stringMatching(/Herald/),
      '250 points',
      '3 raffle tickets',
    ]);
    await t.call('enterRaffle', { iRaffleID: 1, iTickets: 3, sIdempotencyKey: idemKey() }, member.token);
  });

  it('closes and draws on Sunday evening, then says when the next one opens', async () => {
    clock.set(at('2026-01-11T19:59:59Z'));
    expect(await job()).toMatchObject({ closed: [], drawn: [] });
    clock.set(at('2026-01-11T20:00:05Z'));
    expect(await job()).toMatchObject({ closed: [1], drawn: [1], settled: [1] });
    const [raffle] = await raffles();
    expect(raffle?.status).toBe('drawn');
    const member = await memberWithTickets(t, 1, 'sunday');
    expect(((await t.call('getUserData', {}, member.token)).pUserData as UserData).pRaffleDrawInfo).toEqual({
      bActive: false,
      iNextOpensAt: at('2026-01-12T00:00:00Z'),
    });
    clock.set(at('2026-01-12T00:00:03Z'));
    expect(await job()).toMatchObject({ created: [2], opened: [2] });
  });

  it('follows the schedule game vars, and schedules nothing when the weekly raffle is off', async () => {
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
    clock.set(at('2026-01-19T01:00:00Z'));
    const report = await job();
    expect(report).toMatchObject({ created: [], closed: [2] });
    expect(await raffles()).toHaveLength(2);
    await setGameVar(t.deps, { sVarID: 'sRaffleOpens', sType: 'string', sValue: 'Wed 18:00' }, 'test', clock.now());
    await setGameVar(t.deps, { sVarID: 'sRaffleCloses', sType: 'string', sValue: 'Fri 18:00' }, 'test', clock.now());
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '1' }, 'test', clock.now());
    clock.set(at('2026-01-21T18:30:00Z'));
    expect(await job()).toMatchObject({ created: [3], opened: [3] });
    expect((await raffles()).at(-1)).toMatchObject({
      opens_at: at('2026-01-21T18:00:00Z'),
      closes_at: at('2026-01-23T18:00:00Z'),
    });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
  });

  it('cancels a raffle whose whole window passed while the portal was down', async () => {
    clock.set(at('2026-01-24T00:00:00Z'));
    await job();
    const id = await createRaffle(
      t.deps.db,
      {
        title: 'Missed',
        opensAt: clock.now() + 1000,
        closesAt: clock.now() + 2000,
        prizes: [{ sKind: 'points', iAmount: 5, iQuantity: 1 }],
        beacon: false,
      },
      { now: clock.now(), actor: 'test' },
    );
    clock.advance(5000);
    expect(await job()).toMatchObject({ opened: [], cancelled: [id] });
  });
});

/** Real quicknet round 1000 (src/protocol/drand.test.ts lists where it was recorded). */
const ROUND_1000 = {
  round: 1000,
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};
const ROUND_1001_SIGNATURE =
  'b33bf3667cbd5a82de3a24b4e0e9fe5513cc1a0e840368c6e31f5fcfa79bea03f73896b25883abf2853d10337fb8fa41';
const ROUND_1000_AT = (QUICKNET_CHAIN_INFO.genesis_time + 999 * QUICKNET_CHAIN_INFO.period) * 1000;

describe.each(DIALECTS)('a raffle drawn with the drand beacon on %s', (dialect) => {
  // A raffle closing one second before quicknet round 1000 (August 2023) commits to that round.
  const clock = testClock(ROUND_1000_AT - 3600_000);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
  });
  afterAll(async () => t?.close());

  it('commits to the first round after close, waits for it, verifies it and mixes it in', async () => {
    const who = { now: clock.now(), actor: 'test' };
    const id = (await createRaffle(
      t.deps.db,
      {
        title: 'Beacon',
        opensAt: clock.now(),
        closesAt: ROUND_1000_AT - 1000,
        prizes: [{ sKind: 'points', iAmount: 10, iQuantity: 2 }],
        beacon: true,
      },
      who,
    )) as number;
    await openRaffle(t.deps.db, id, who);
    const members = [
      await memberWithTickets(t, 4, 'beacon1'),
      await memberWithTickets(t, 2, 'beacon2'),
      await memberWithTickets(t, 1, 'beacon3'),
    ];
    for (const member of members) {
      await t.call('enterRaffle', { iRaffleID: id, iTickets: 1, sIdempotencyKey: idemKey() }, member.token);
    }
    const info = ((await t.call('getUserData', {}, members[0]?.token)).pUserData as UserData).pRaffleDrawInfo;
    expect(info).toMatchObject({ bActive: true, iBeaconRound: 1000 });

    const served: number[] = [];
    let signature = ROUND_1001_SIGNATURE;
    const beaconJob = raffleJobOf(t, 'beacon', async (round) => {
      served.push(round);
      return { round, signature };
    });
    clock.set(ROUND_1000_AT - 500);
    expect(await beaconJob()).toMatchObject({ closed: [id], drawn: [] });
    expect(served).toEqual([]);
    clock.set(ROUND_1000_AT + 1000);
    // A signature that does not verify for round 1000 is refused; the draw waits.
    expect(await beaconJob()).toMatchObject({ drawn: [] });
    signature = ROUND_1000.signature;
    expect(await beaconJob()).toMatchObject({ drawn: [id] });
    expect(served).toEqual([1000, 1000]);

    const { pRaffle } = (await t.call('getRaffle', { iRaffleID: id }, members[0]?.token)) as unknown as RaffleAnswer;
    expect(pRaffle.pBeacon).toEqual({
      iRound: 1000,
      iRoundAt: ROUND_1000_AT,
      sSignature: ROUND_1000.signature,
      sRandomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
    });
    const { aEntries } = (await t.call(
      'getRaffleEntries',
      { iRaffleID: id },
      members[0]?.token,
    )) as unknown as RaffleEntriesAnswer;
    const published = publishedDraw(pRaffle, aEntries);
    const checks = verifyDraw(published, { verifyBeacon: verifyDrawBeacon });
    expect(checks.map((c) => [c.sCheck, c.bPassed])).toEqual([
      ['entries', true],
      ['commitment', true],
      ['root', true],
      ['winners', true],
      ['prizes', true],
      ['beacon', true],
    ]);
    // A beacon other than the committed round's randomness fails the beacon check.
    const forged = { ...published, beaconHex: 'ab'.repeat(32) };
    expect(verifyDraw(forged, { verifyBeacon: verifyDrawBeacon }).find((c) => c.sCheck === 'beacon')?.bPassed).toBe(
      false,
    );
  });
});
