import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { closeRaffle, deliverPrizes, drawRaffle } from '../../src/server/features/raffle/lifecycle';
import { deliverResultPage, RESULT_PAGE } from '../../src/server/features/raffle/results';
import type { RaffleDb } from '../../src/server/features/raffle/tables';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { openTestRaffle, raffleJobOf } from '../support/raffleHelpers';
import { seedEntries, seedMembers } from '../support/scaleSeed';

/**
 * Issue 36: a launch week's raffle, 20,000 entrants on SQLite and 10,000 on PostgreSQL (the sizes
 * where one statement per draw broke: 4,095 and 8,191). Entries are seeded as entering leaves them;
 * the draw is one step, the prizes go before the results, and every entrant gets exactly one
 * result through a crash mid-delivery and two runners.
 */
describe.each(DIALECTS)('a raffle of thousands on %s', (dialect) => {
  const ENTRANTS = dialect === 'sqlite' ? 20_000 : 10_000;
  const clock = testClock();
  let t: TestApp;
  let raffleId: number;
  const db = () => t.deps.db as unknown as RaffleDb;
  const key = () => `raffle:${raffleId}:result`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
    raffleId = await openTestRaffle(t, { title: 'Launch week' });
    await seedMembers(t.deps.db, dialect, { prefix: 'scale-', count: ENTRANTS, now: clock.now() });
    await seedEntries(t.deps.db, dialect, { raffleId, prefix: 'scale-', count: ENTRANTS, now: clock.now() });
  }, 120_000);
  afterAll(async () => t?.close());

  /** Result entries: how many, for how many members, and the entrants without one. */
  async function results() {
    const { entries, members } = await t.deps.db
      .selectFrom('notification')
      .select((eb) => [eb.fn.countAll<number>().as('entries'), eb.fn.count<number>('user_id').distinct().as('members')])
      .where('key', '=', key())
      .executeTakeFirstOrThrow();
    const { missing } = await t.deps.db
      .selectFrom('raffle_entry as e')
      .select((eb) => eb.fn.countAll<number>().as('missing'))
      .where('e.raffle_id', '=', raffleId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notification as n')
              .select('n.id')
              .whereRef('n.user_id', '=', 'e.user_id')
              .where('n.key', '=', key()),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    return { entries: Number(entries), members: Number(members), missing: Number(missing) };
  }

  const raffleRow = () =>
    t.deps.db.selectFrom('raffle').selectAll().where('id', '=', raffleId).executeTakeFirstOrThrow();

  it('closes and draws in one step: seed, winners and audit, no result written yet', async () => {
    expect((await closeRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' })).done).toBe(true);
    expect(Number((await raffleRow()).entrant_count)).toBe(ENTRANTS);
    const drawn = await drawRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' });
    expect(drawn.done).toBe(true);
    expect(drawn.done && drawn.raffle.status).toBe('drawing');
    const winners = await t.deps.db
      .selectFrom('raffle_winner')
      .select('user_id')
      .where('raffle_id', '=', raffleId)
      .execute();
    expect(winners).toHaveLength(5);
    expect((await listAudit(t.deps.db, 50)).filter((e) => e.action === 'raffle.draw')).toHaveLength(1);
    expect(await results()).toEqual({ entries: 0, members: 0, missing: ENTRANTS });
  });

  it("gives the winners their prizes before anyone's result", async () => {
    expect(await deliverPrizes(t.deps.db, raffleId, { now: clock.now() })).toBe(5);
    expect((await raffleRow()).status).toBe('drawn');
    expect((await results()).entries).toBe(0);
  });

  it('delivers every result exactly once through a crash before a page commits and two runners', async () => {
    for (let page = 0; page < 3; page++) {
      expect(await deliverResultPage(db(), raffleId, { now: clock.now() })).toMatchObject({ delivered: RESULT_PAGE });
    }
    const before = await raffleRow();
    expect(Number(before.results_delivered)).toBe(3 * RESULT_PAGE);

    // The next page's transaction dies just before its commit: nothing of it remains.
    const crash = new Error('crash before commit');
    const crashing = new Proxy(db(), {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: (work: (trx: RaffleDb) => Promise<unknown>) =>
              target.transaction().execute(async (trx) => {
                await work(trx);
                throw crash;
              }),
          });
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(deliverResultPage(crashing, raffleId, { now: clock.now() })).rejects.toBe(crash);
    expect(await results()).toEqual({ entries: 3 * RESULT_PAGE, members: 3 * RESULT_PAGE, missing: ENTRANTS - 600 });
    expect((await raffleRow()).results_cursor).toBe(before.results_cursor);

    // The restart: two instances' jobs at once, then until one reports the raffle done.
    const [a, b] = [raffleJobOf(t, 'a'), raffleJobOf(t, 'b')];
    await Promise.all([a(), b(), deliverResultPage(db(), raffleId, { now: clock.now() })]);
    let finished = false;
    for (let tick = 0; tick < ENTRANTS / RESULT_PAGE && !finished; tick++) {
      clock.advance(60_000); // past the lease, so either may lead
      const reports = await Promise.all([a(), b()]);
      finished = reports.some((r) => r.resulted.includes(raffleId));
    }
    expect(finished).toBe(true);

    expect(await results()).toEqual({ entries: ENTRANTS, members: ENTRANTS, missing: 0 });
    const after = await raffleRow();
    expect(Number(after.results_delivered)).toBe(ENTRANTS);
    expect(after.results_at).not.toBeNull();
    // The winners got the winning text, everyone else the other.
    const won = await t.deps.db
      .selectFrom('notification')
      .select('user_id')
      .where('key', '=', key())
      .where('title', '=', 'You won in Launch week!')
      .orderBy('user_id')
      .execute();
    const winners = await t.deps.db
      .selectFrom('raffle_winner')
      .select('user_id')
      .where('raffle_id', '=', raffleId)
      .orderBy('user_id')
      .execute();
    expect(won).toEqual(winners);
    const { lost } = await t.deps.db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<number>().as('lost'))
      .where('key', '=', key())
      .where('title', '=', 'Launch week was drawn')
      .executeTakeFirstOrThrow();
    expect(Number(lost)).toBe(ENTRANTS - 5);
    // Nothing more to do: a later tick writes nothing.
    await raffleJobOf(t, 'a')();
    expect((await results()).entries).toBe(ENTRANTS);
    expect(
      (await sql<{ n: number }>`select count(*) as n from raffle_winner where delivered_at is null`.execute(t.deps.db))
        .rows[0]?.n,
    ).toBe(0);
  });
});
