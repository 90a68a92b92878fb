import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRevisions, SHARED_SCOPE } from '../../src/server/shared/revisions';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';

/** Counts the statements run through the handle it is added to. */
function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery: (args: PluginTransformQueryArgs) => {
      counter.count++;
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
  return counter;
}

/**
 * The data revisions every remembered answer is checked against (shared/revisions.ts): reads asked
 * for in one turn of the event loop go out as one query per list, and each still sees every write
 * committed before it was asked for.
 */
describe.each(DIALECTS)('data revisions read together on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const setRevision = (scope: string, revision: number) =>
    t.deps.db
      .insertInto('data_revision')
      .values({ scope, revision })
      .onConflict((oc) => oc.column('scope').doUpdateSet({ revision }))
      .execute();

  it('answers 450 members asked for at once with three queries, each their own revision', async () => {
    const members = Array.from({ length: 450 }, (_, i) => `together-${i}`);
    for (const [i, member] of members.entries()) if (i % 3 > 0) await setRevision(member, 1000 + i);
    await setRevision(SHARED_SCOPE, 77);
    const counter = statementCounter();
    const db = t.deps.db.withPlugin(counter);
    const answers = await Promise.all(members.map((member) => readRevisions(db, member)));
    expect(counter.count).toBe(3);
    answers.forEach((answer, i) => {
      expect(answer).toEqual({ member: i % 3 > 0 ? 1000 + i : 0, shared: 77 });
    });
  });

  it('sees a write committed after an earlier read went out, before it was asked for', async () => {
    await setRevision('late-writer', 1);
    const first = readRevisions(t.deps.db, 'late-writer');
    await new Promise((resolve) => setImmediate(resolve));
    await setRevision('late-writer', 2);
    const second = readRevisions(t.deps.db, 'late-writer');
    // The first may or may not see it (its query and the write race); the second must.
    expect([1, 2]).toContain((await first).member);
    expect(await second).toMatchObject({ member: 2 });
  });

  it('reads inside a transaction on its own connection, seeing the transaction’s own writes', async () => {
    await setRevision('in-transaction', 5);
    const seen = await t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('data_revision').set({ revision: 6 }).where('scope', '=', 'in-transaction').execute();
      return readRevisions(trx as unknown as Parameters<typeof readRevisions>[0], 'in-transaction');
    });
    expect(seen).toMatchObject({ member: 6 });
  });

  it('fails every read of a list whose query fails, and the next turn reads again', async () => {
    const failing: KyselyPlugin = {
      transformQuery: () => {
        throw new Error('the database is gone');
      },
      transformResult: async (args) => args.result,
    };
    const broken = t.deps.db.withPlugin(failing);
    const reads = ['a', 'b'].map((member) => readRevisions(broken, member));
    for (const read of reads) await expect(read).rejects.toThrow('the database is gone');
    await setRevision('after-failure', 3);
    expect(await readRevisions(t.deps.db, 'after-failure')).toMatchObject({ member: 3 });
  });
});
