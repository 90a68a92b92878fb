import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical, replay, verifyPublishedDraw } from '../../scripts/verify-draw';
import { QUICKNET_CHAIN_INFO } from '../../src/protocol/drand';
import { ErrorCode } from '../../src/protocol/errors';
import type {
  RaffleAnswer,
  RaffleBeacon,
  RaffleEntriesAnswer,
  RaffleProofAnswer,
  RaffleWinner,
} from '../../src/protocol/raffle';
import { runAdmin } from '../../src/server/cli/commands';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { createRaffle, openRaffle } from '../../src/server/features/raffle/lifecycle';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { idemKey, memberWithTickets, openTestRaffle, raffleJobOf } from '../support/raffleHelpers';
import type { TestMember } from '../support/rewardsHelpers';

/** Real quicknet round 1000 (src/protocol/drand.test.ts lists where it was recorded) and 1001's signature. */
const ROUND_1000 = {
  round: 1000,
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};
const ROUND_1001_SIGNATURE =
  'b33bf3667cbd5a82de3a24b4e0e9fe5513cc1a0e840368c6e31f5fcfa79bea03f73896b25883abf2853d10337fb8fa41';
const ROUND_1000_AT = (QUICKNET_CHAIN_INFO.genesis_time + 999 * QUICKNET_CHAIN_INFO.period) * 1000;

type Answer = Record<string, unknown>;

/** The verifier run as an operator would, in its own process, against the listening portal. */
function runVerifier(...args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-draw.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout }));
  });
}

describe.each(DIALECTS)('an outsider audits drawn raffles, signed out, on %s', (dialect) => {
  // The beacon raffle closes one second before quicknet round 1000 (August 2023).
  const clock = testClock(ROUND_1000_AT - 3600_000);
  let t: TestApp;
  let portal: string;
  let plainId: number;
  let beaconId: number;
  const members: TestMember[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    portal = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // A raffle without a beacon, closed and drawn by the operator's CLI.
    plainId = await openTestRaffle(t, { title: 'Plain' });
    for (let i = 0; i < 7; i++) {
      // One ticket more than the entry: kept for the beacon raffle.
      const member = await memberWithTickets(t, 2 * i + 2, `audit${i}`);
      const entered = await t.call(
        'enterRaffle',
        { iRaffleID: plainId, iTickets: 2 * i + 1, sIdempotencyKey: idemKey() },
        member.token,
      );
      expect(entered).toMatchObject({ iErrorCode: 0 });
      members.push(member);
    }
    const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => clock.now(), actor: 'cli:test' });
    expect((await admin('raffle', 'close', String(plainId))).exitCode).toBe(0);
    expect((await admin('raffle', 'draw', String(plainId))).exitCode).toBe(0);

    // A raffle with the beacon, closed and drawn by the job, which fetches the recorded round.
    const who = { now: clock.now(), actor: 'test' };
    beaconId = (await createRaffle(
      t.deps.db,
      {
        title: 'Beacon',
        opensAt: clock.now(),
        closesAt: ROUND_1000_AT - 1000,
        prizes: [
          { sKind: 'points', iAmount: 10, iQuantity: 2 },
          { sKind: 'tickets', iAmount: 1, iQuantity: 1 },
        ],
        beacon: true,
      },
      who,
    )) as number;
    await openRaffle(t.deps.db, beaconId, who);
    for (const member of members.slice(0, 5)) {
      const entered = await t.call(
        'enterRaffle',
        { iRaffleID: beaconId, iTickets: 1, sIdempotencyKey: idemKey() },
        member.token,
      );
      expect(entered).toMatchObject({ iErrorCode: 0 });
    }
    clock.set(ROUND_1000_AT + 1000);
    const job = raffleJobOf(t, 'auditor', async (round) => (round === 1000 ? ROUND_1000 : null));
    const drawn: number[] = [];
    for (let tick = 0; tick < 3 && drawn.length === 0; tick++) drawn.push(...(await job()).drawn);
    expect(drawn).toEqual([beaconId]);
  });
  afterAll(async () => t?.close());

  const signedIn = (action: string, fields: Record<string, number>) =>
    t.call(action, fields, (members[0] as TestMember).token);

  it('answers getRaffle and getRaffleEntries signed out, without any member field', async () => {
    for (const id of [plainId, beaconId]) {
      const outsider = (await t.call('getRaffle', { iRaffleID: id })) as unknown as RaffleAnswer;
      const member = (await signedIn('getRaffle', { iRaffleID: id })) as unknown as RaffleAnswer;
      expect(outsider.iErrorCode).toBe(ErrorCode.OK);
      expect(member.pRaffle.pYourEntry).not.toBeNull();
      expect(member.pRaffle.aWinners.every((w) => w.sUserName.startsWith('m_'))).toBe(true);
      // The same answer, less what belongs to the asking member and the winners' usernames.
      expect(outsider.pRaffle).toEqual({
        ...member.pRaffle,
        iYourTickets: 0,
        pYourEntry: null,
        aWinners: member.pRaffle.aWinners.map((w) => ({ ...w, sUserName: '', bYou: false })),
      });
      expect(outsider.pRaffle.sSeed).toMatch(/^[0-9a-f]{64}$/);
      const entries = await t.call('getRaffleEntries', { iRaffleID: id });
      expect(entries).toEqual(await signedIn('getRaffleEntries', { iRaffleID: id }));
      expect((entries as unknown as RaffleEntriesAnswer).aEntries.length).toBeGreaterThan(0);
      // A member's own proof still needs the member.
      expect(await t.call('getRaffleProof', { iRaffleID: id })).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    }
    // A JSON body works as well as a form.
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/portal/getRaffleEntries',
      payload: { iRaffleID: plainId },
    });
    expect(asJson.json()).toEqual(await t.call('getRaffleEntries', { iRaffleID: plainId }));
    // A token that no longer signs in is refused, as before, rather than answered as to an outsider.
    for (const action of ['getRaffle', 'getRaffleEntries'])
      expect(await t.call(action, { iRaffleID: plainId }, 'not-a-session')).toMatchObject({
        iErrorCode: ErrorCode.NOT_SIGNED_IN,
      });
    // Without an id: the latest drawn raffle.
    expect(((await t.call('getRaffle', {})) as unknown as RaffleAnswer).pRaffle.iRaffleID).toBe(beaconId);
    // No user data leaks by the user id: answers name no account.
    const text = JSON.stringify(await t.call('getRaffle', { iRaffleID: plainId }));
    for (const member of members) expect(text).not.toContain(member.userId);
    expect(await t.call('getRaffle', { iRaffleID: 'x' })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await t.call('getRaffle', { iRaffleID: 999 })).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
    expect(await t.call('getRaffleEntries', { iRaffleID: 999 })).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
  });

  it('keeps an open raffle’s seed and entries unpublished to an outsider too', async () => {
    const openId = await openTestRaffle(t, { title: 'Still open' });
    await t.call(
      'enterRaffle',
      { iRaffleID: openId, iTickets: 1, sIdempotencyKey: idemKey() },
      (members[1] as TestMember).token,
    );
    const { pRaffle } = (await t.call('getRaffle', { iRaffleID: openId })) as unknown as RaffleAnswer;
    expect(pRaffle).toMatchObject({ sStatus: 'open', sSeed: '', sRoot: '', iYourTickets: 0, pYourEntry: null });
    expect(pRaffle.sCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.call('getRaffleEntries', { iRaffleID: openId })).toMatchObject({
      iErrorCode: ErrorCode.RAFFLE_ENTRIES_NOT_PUBLISHED,
    });
    expect(
      (
        await runAdmin(['raffle', 'cancel', String(openId)], {
          db: t.deps.db,
          now: () => clock.now(),
          actor: 'cli:test',
        })
      ).exitCode,
    ).toBe(0);
  });

  it('verifies both real draws with the standalone verifier: commitment, root, beacon, winners, prizes, proofs', async () => {
    const plain = await verifyPublishedDraw(portal, plainId);
    expect(plain.checks.map((c) => [c.name, c.passed])).toEqual([
      ['entries', true],
      ['commitment', true],
      ['root', true],
      ['winners', true],
      ['prizes', true],
    ]);
    const beacon = await verifyPublishedDraw(portal, beaconId);
    expect(beacon.checks.map((c) => [c.name, c.passed])).toEqual([
      ['entries', true],
      ['commitment', true],
      ['root', true],
      ['beacon', true],
      ['winners', true],
      ['prizes', true],
    ]);
    expect(beacon.checks.find((c) => c.name === 'beacon')?.detail).toContain('round 1000 verifies');

    // A member's own proof, as getRaffleProof gave it, and one built from the list for an entrant id.
    const proof = (await signedIn('getRaffleProof', { iRaffleID: plainId })) as unknown as RaffleProofAnswer;
    const withProofs = await verifyPublishedDraw(portal, plainId, { proof, entrant: proof.pEntry.sEntrantID });
    expect(withProofs.checks.slice(-2).map((c) => [c.name, c.passed])).toEqual([
      [`proof of ${proof.pEntry.sEntrantID}`, true],
      [`member's proof of ${proof.pEntry.sEntrantID}`, true],
    ]);
    const forged = { ...proof, pEntry: { ...proof.pEntry, iTickets: proof.pEntry.iTickets + 1 } };
    expect((await verifyPublishedDraw(portal, plainId, { proof: forged })).checks.at(-1)?.passed).toBe(false);
  });

  it('refuses every tampered answer, naming the check that fails', async () => {
    const failures = async (id: number, tamper: (action: string, answer: Answer) => Answer) => {
      const fetcher = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
        const answer = (await (await fetch(url, init)).json()) as Answer;
        const changed = tamper(url.split('/').at(-1) as string, structuredClone(answer));
        return { json: async () => changed };
      };
      const { checks } = await verifyPublishedDraw(portal, id, { fetch: fetcher });
      return checks.filter((c) => !c.passed).map((c) => c.name);
    };
    // A stranger seed or beacon can replay the real winners by chance (in 20,000 simulated draws, a
    // fixed fake seed did 1 in 570 times here, a fixed beacon 1 in 58 with three picks of five), and
    // then the winners check rightly holds: take the first one whose replay differs.
    const drawingOthers = async (id: number, part: 'seed' | 'beacon'): Promise<string> => {
      const { pRaffle } = (await t.call('getRaffle', { iRaffleID: id })) as unknown as RaffleAnswer;
      const { aEntries } = (await t.call('getRaffleEntries', { iRaffleID: id })) as unknown as RaffleEntriesAnswer;
      const units = pRaffle.aPrizes.reduce((sum, prize) => sum + prize.iQuantity, 0);
      const published = [...pRaffle.aWinners].sort((a, b) => a.iPick - b.iPick).map((w) => w.sEntrantID);
      for (let byte = 0xab; byte <= 0xff; byte++) {
        const value = byte.toString(16).repeat(32);
        const seed = part === 'seed' ? value : pRaffle.sSeed;
        const beacon = part === 'beacon' ? value : pRaffle.pBeacon?.sRandomness;
        const winners = replay(canonical(aEntries), seed, pRaffle.sRoot, beacon, units).map((pick) => pick.winner);
        if (winners.join() !== published.join()) return value;
      }
      throw new Error('every candidate replays the published winners');
    };
    const raffle = (edit: (pRaffle: RaffleAnswer['pRaffle']) => void) => (action: string, answer: Answer) => {
      if (action === 'getRaffle') edit((answer as unknown as RaffleAnswer).pRaffle);
      return answer;
    };
    expect(await failures(plainId, (_action, answer) => answer)).toEqual([]);
    // Two winners swapped: the replay draws them in the other order.
    expect(
      await failures(
        plainId,
        raffle((r) => {
          const [first, second] = r.aWinners;
          r.aWinners[0] = { ...(first as (typeof r.aWinners)[0]), sEntrantID: second?.sEntrantID as string };
          r.aWinners[1] = { ...(second as (typeof r.aWinners)[0]), sEntrantID: first?.sEntrantID as string };
        }),
      ),
    ).toEqual(['winners']);
    // A winner left out.
    expect(
      await failures(
        plainId,
        raffle((r) => {
          r.aWinners.pop();
        }),
      ),
    ).toEqual(['winners']);
    // Another seed: neither the commitment nor the replay holds.
    const otherSeed = await drawingOthers(plainId, 'seed');
    expect(
      await failures(
        plainId,
        raffle((r) => {
          r.sSeed = otherSeed;
        }),
      ),
    ).toEqual(['commitment', 'winners']);
    // One entry with one more ticket: the root no longer seals the list.
    expect(
      await failures(plainId, (action, answer) => {
        if (action === 'getRaffleEntries') (answer as unknown as RaffleEntriesAnswer).aEntries[0]!.iTickets += 1;
        return answer;
      }),
    ).toEqual(expect.arrayContaining(['entries', 'root']));
    // The first and last picks' prizes exchanged: prizes go in list order.
    expect(
      await failures(
        plainId,
        raffle((r) => {
          const [first, last] = [r.aWinners[0], r.aWinners.at(-1)] as [RaffleWinner, RaffleWinner];
          [first.sPrizeID, last.sPrizeID] = [last.sPrizeID, first.sPrizeID];
        }),
      ),
    ).toEqual(['prizes']);
    // The beacon: another round's signature, or randomness that is not the signature's.
    const beacon = (edit: (b: RaffleBeacon) => void) => raffle((r) => edit(r.pBeacon as RaffleBeacon));
    expect(
      await failures(
        beaconId,
        beacon((b) => {
          b.sSignature = ROUND_1001_SIGNATURE;
        }),
      ),
    ).toEqual(['beacon']);
    const otherRandomness = await drawingOthers(beaconId, 'beacon');
    expect(
      await failures(
        beaconId,
        beacon((b) => {
          b.sRandomness = otherRandomness;
        }),
      ),
    ).toEqual(['beacon', 'winners']);
    // A round published before entries closed could have been known when the root was fixed.
    expect(
      await failures(
        beaconId,
        raffle((r) => {
          r.iClosesAt = ROUND_1000_AT + 1;
        }),
      ),
    ).toEqual(['beacon']);
  });

  it('runs as a command: exit 0 with a report on the real draw, 1 once the database’s winners are changed', async () => {
    const proof = await signedIn('getRaffleProof', { iRaffleID: beaconId });
    const proofFile = path.join(tmpdir(), `raffle-proof-${process.pid}-${dialect}.json`);
    writeFileSync(proofFile, JSON.stringify(proof));
    const good = await runVerifier(portal, String(beaconId), '--proof', proofFile);
    expect(good.code, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/^Raffle \d+ "Beacon" \(drawn\)\n {2}PASS entries /);
    expect(good.stdout).toContain('PASS beacon');
    expect(good.stdout).toContain("PASS member's proof");
    expect(good.stdout).toContain('Every check passed');

    // An operator rewrites who won pick 1: the published list no longer replays.
    const winners = await t.deps.db
      .selectFrom('raffle_winner')
      .select(['pick', 'entrant_id'])
      .where('raffle_id', '=', plainId)
      .orderBy('pick')
      .execute();
    const loser = (
      (await signedIn('getRaffleEntries', { iRaffleID: plainId })) as unknown as RaffleEntriesAnswer
    ).aEntries.find((e) => !winners.some((w) => w.entrant_id === e.sEntrantID));
    await t.deps.db
      .updateTable('raffle_winner')
      .set({ entrant_id: loser?.sEntrantID as string })
      .where('raffle_id', '=', plainId)
      .where('pick', '=', 1)
      .execute();
    const bad = await runVerifier(portal, String(plainId));
    expect(bad.code, bad.stdout).toBe(1);
    expect(bad.stdout).toContain('FAIL winners');
    expect(bad.stdout).toContain('The draw does NOT verify.');
    expect((await runVerifier(portal)).code).toBe(2);
  });
});
