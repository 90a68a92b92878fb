import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYONE } from '../../src/protocol/announcements';
import { createAnnouncement } from '../../src/server/features/announcements/compose';
import { announcementTick, type DeliveryContext, deliverPage } from '../../src/server/features/announcements/delivery';
import type { AnnouncementsDb } from '../../src/server/features/announcements/tables';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { seedMembers } from '../support/scaleSeed';

/**
 * Issue 36: an announcement to 10,000 members on both databases, seeded set-based, delivered
 * in pages under the test databases' parameter guard; a page that dies before its commit leaves
 * nothing, two runners after it deliver the rest, and every member has exactly one delivery and
 * one entry.
 */
describe.each(DIALECTS)('an announcement to thousands on %s', (dialect) => {
  const MEMBERS = 10_000;
  const clock = testClock();
  let t: TestApp;
  const db = () => t.deps.db as unknown as AnnouncementsDb;
  const ctx = (extra: Partial<DeliveryContext> = {}): DeliveryContext => ({
    db: db(),
    now: () => clock.now(),
    mailer: { send: async () => {} },
    publicUrl: 'http://localhost:3000',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await seedMembers(t.deps.db, dialect, { prefix: 'many-', count: MEMBERS, now: clock.now() });
  }, 120_000);
  afterAll(async () => t?.close());

  async function counts(id: number) {
    const { deliveries, members } = await t.deps.db
      .selectFrom('announcement_delivery')
      .select((eb) => [
        eb.fn.countAll<number>().as('deliveries'),
        eb.fn.count<number>('user_id').distinct().as('members'),
      ])
      .where('announcement_id', '=', id)
      .executeTakeFirstOrThrow();
    const { entries } = await t.deps.db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<number>().as('entries'))
      .where('key', '=', `announcement:${id}`)
      .executeTakeFirstOrThrow();
    return { deliveries: Number(deliveries), members: Number(members), entries: Number(entries) };
  }

  it('reaches every member exactly once through a crash before a page commits and two runners', async () => {
    const { id, count } = await createAnnouncement(
      db(),
      { title: 'Launch week', body: 'Welcome, **all** of you', segment: EVERYONE, sendAt: 0, email: false },
      { actor: 'cli:tester', reason: 'test', now: clock.now() },
    );
    expect(count).toBe(MEMBERS);
    await announcementTick(ctx({ pagesPerTick: 3 }));
    expect(await counts(id)).toEqual({ deliveries: 600, members: 600, entries: 600 });

    const crash = new Error('crash before commit');
    const crashing = new Proxy(db(), {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: (work: (trx: AnnouncementsDb) => Promise<unknown>) =>
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
    await expect(deliverPage({ db: crashing, now: () => clock.now() }, id)).rejects.toBe(crash);
    expect(await counts(id)).toEqual({ deliveries: 600, members: 600, entries: 600 });

    for (let tick = 0; tick < MEMBERS / 200; tick++) {
      await Promise.all([announcementTick(ctx()), announcementTick(ctx())]);
      const row = await t.deps.db.selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (row.status === 'sent') break;
    }
    expect(await counts(id)).toEqual({ deliveries: MEMBERS, members: MEMBERS, entries: MEMBERS });
    expect(
      await t.deps.db.selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toMatchObject({ status: 'sent', delivered: MEMBERS, total: MEMBERS });
  });
});
