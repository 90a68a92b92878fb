import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../src/protocol/identity';
import { runAdmin } from '../../src/server/cli/commands';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { idemKey, memberWithTickets } from '../support/raffleHelpers';

describe.each(DIALECTS)('raffle operator commands on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
  });
  afterAll(async () => t?.close());

  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => clock.now(), actor: 'cli:test' });

  it('creates, opens, closes and draws a raffle, each step audited', async () => {
    expect(
      await admin(
        'raffle',
        'create',
        '--title',
        'Solstice Raffle',
        '--closes',
        '+2d',
        '--prize',
        'item=agent-tide-warden',
        '--prize',
        'points=500*2',
        '--prize',
        'tickets=5*3@mythopedia/elder-sign.svg',
      ),
    ).toEqual({
      output: 'Raffle 1 "Solstice Raffle" scheduled: opens 2026-01-05T12:00:00Z, closes 2026-01-07T12:00:00Z',
      exitCode: 0,
    });
    expect((await admin('raffle', 'show', '1')).output).toMatch(
      /prize-1\s+Warden of the Black Tide ×1\n\s+prize-2\s+500 points ×2\n\s+prize-3\s+5 raffle tickets ×3/,
    );
    expect((await admin('raffle', 'open', '1')).output).toMatch(/^Raffle 1 open; commitment [0-9a-f]{64}$/);
    expect(await admin('raffle', 'open', '1')).toMatchObject({ exitCode: 1 });

    const member = await memberWithTickets(t, 4, 'cli');
    await t.call('enterRaffle', { iRaffleID: 1, iTickets: 4, sIdempotencyKey: idemKey() }, member.token);
    expect((await admin('raffle', 'list')).output).toMatch(
      /^\s+1 {2}open\s+2026-01-05T12:00:00Z → 2026-01-07T12:00:00Z {2}entrants 1 {2}tickets 4 {2}Solstice Raffle$/,
    );
    expect((await admin('raffle', 'show', '1')).output).toContain('seed       (secret until the draw)');

    expect(await admin('raffle', 'draw', '1')).toEqual({ output: 'Raffle 1 is open, not closed', exitCode: 1 });
    expect((await admin('raffle', 'close', '1')).output).toMatch(
      /^Raffle 1 closed: 1 entrants, 4 tickets, root [0-9a-f]{64}$/,
    );
    const drawn = await admin('raffle', 'draw', '1');
    expect(drawn.exitCode).toBe(0);
    expect(drawn.output).toMatch(/\[drawn\]/);
    expect(drawn.output).toMatch(/seed {7}[0-9a-f]{64}/);
    expect(drawn.output).toMatch(/#1 {3}m_\w+\s+[0-9a-f]{16} {2}prize-1 {2}delivered 2026-01-05T12:00:00Z/);

    // Drawing again shows the same result and never draws twice.
    const again = await admin('raffle', 'draw', '1');
    expect(again.exitCode).toBe(0);
    expect(again.output).toBe(drawn.output);

    const data = (await t.call('getUserData', {}, member.token)).pUserData as UserData;
    expect(data.aRewardNotices.map((n) => n.sTitle)).toEqual([
      expect.stringMatching(/^You won Warden of the Black Tide/),
    ]);

    const actions = (await listAudit(t.deps.db, 100))
      .filter((e) => e.actor === 'cli:test' && e.action.startsWith('raffle.'))
      .map((e) => e.action)
      .reverse();
    expect(actions).toEqual(['raffle.create', 'raffle.open', 'raffle.close', 'raffle.draw']);
  });

  it('defaults the prizes to aRafflePrizes and refuses bad input with the usage', async () => {
    expect((await admin('raffle', 'create', '--opens', '+1h')).output).toMatch(
      /^Raffle 2 .*opens 2026-01-05T13:00:00Z, closes 2026-01-12T13:00:00Z$/,
    );
    expect((await admin('raffle', 'show', '2')).output).toMatch(/250 points ×3/);
    for (const bad of [
      ['raffle', 'create', '--prize', 'gold=5'],
      ['raffle', 'create', '--prize', 'points=0'],
      ['raffle', 'create', '--opens', 'someday'],
      ['raffle', 'create', '--closes', '2020-01-01T00:00:00Z'],
      ['raffle', 'show'],
      ['raffle', 'explode', '1'],
    ]) {
      const result = await admin(...bad);
      expect(result.exitCode, bad.join(' ')).toBe(2);
      expect(result.output).toContain('raffle create');
    }
    expect(await admin('raffle', 'create', '--prize', 'item=no-such-template')).toEqual({
      output: 'Unknown collectible template no-such-template',
      exitCode: 1,
    });
    expect(await admin('raffle', 'show', '99')).toEqual({ output: 'No raffle 99', exitCode: 1 });
    expect((await admin('raffle', 'cancel', '2')).exitCode).toBe(0);
  });
});
