import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/cli/commands';
import { listGameVars } from '../../src/server/features/gamevars/index';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { signUp } from '../support/rewardsHelpers';

describe.each(DIALECTS)('rewards operator commands on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => 1_000, actor: 'cli:test' });

  it('lists and sets game vars, refusing malformed values, auditing each change', async () => {
    expect((await admin('gamevars', 'list')).output).toMatch(/aDailyRewards\s+json\s+\[/);
    expect(await admin('gamevars', 'set', 'iNewUserRaffleTickets', 'int', '3')).toMatchObject({ exitCode: 0 });
    expect(await listGameVars(t.deps.db)).toContainEqual({
      sVarID: 'iNewUserRaffleTickets',
      sType: 'int',
      sValue: '3',
    });
    // Issue 38: a name no capability declares is refused (nothing would read it), never stored.
    expect(await admin('gamevars', 'set', 'sMotd', 'string', 'The', 'stars', 'are', 'right')).toMatchObject({
      exitCode: 2,
    });
    expect((await listGameVars(t.deps.db)).map((v) => v.sVarID)).not.toContain('sMotd');

    for (const bad of [
      ['iNewUserRaffleTickets', 'int', 'many'],
      ['iNewUserRaffleTickets', 'json', '3'],
      ['aDailyRewards', 'json', '[{"iPoints":1,"iTickets":0}]'],
      ['aDailyRewards', 'json', '{not json'],
      ['x', 'weird', '1'],
      ['9lives', 'int', '9'],
    ]) {
      expect(await admin('gamevars', 'set', ...(bad as string[])), bad.join(' ')).toMatchObject({ exitCode: 2 });
    }
    expect(await admin('gamevars', 'set', 'iNewUserRaffleTickets')).toMatchObject({ exitCode: 2 });
    const audit = (await listAudit(t.deps.db)).filter((a) => a.action === 'gamevars.set');
    // One change: the refused sMotd wrote no row (issue 38).
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ before: { sValue: '1' }, after: { sValue: '3' } });
    await admin('gamevars', 'set', 'iNewUserRaffleTickets', 'int', '1');
  });

  it('grants the demo Agent by email, username or user id, once, audited', async () => {
    const member = await signUp(t);
    expect(await admin('grant', 'demo-agent', member.email.toUpperCase())).toMatchObject({
      exitCode: 0,
      output: `Demo Agent granted to ${member.userId}`,
    });
    expect(await admin('grant', 'demo-agent', member.userId)).toMatchObject({
      exitCode: 0,
      output: `${member.userId} already has the demo Agent`,
    });
    expect(await admin('grant', 'demo-agent', 'nobody@example.com')).toMatchObject({ exitCode: 1 });

    const named = await signUp(t);
    await t.deps.db
      .insertInto('member')
      .values({
        user_id: named.userId,
        username: 'Dagon_Fan',
        username_lower: 'dagon_fan',
        referral_code: 'CLITEST1',
        subscribe: 0,
        invite_code: null,
        referred_by_code: null,
        referred_by_user_id: null,
        verified_at: null,
        created_at: 1,
      })
      .execute();
    expect(await admin('grant', 'demo-agent', 'dagon_FAN')).toMatchObject({
      output: `Demo Agent granted to ${named.userId}`,
    });
    expect(await admin('grant', 'demo-agent')).toMatchObject({ exitCode: 2 });
    expect(await admin('grant', 'gold', member.userId)).toMatchObject({ exitCode: 2 });
    const audit = (await listAudit(t.deps.db)).filter((a) => a.action === 'grant.demoAgent');
    expect(audit.map((a) => JSON.parse(a.detail).applied)).toEqual([true, false, true]);
  });

  it('lists collections and runs the mint queue', async () => {
    expect((await admin('collections', 'list')).output).toMatch(
      /^agent\s+Agents\s+templates 7\s+items 2\nmythopedia\s+Mythopedia\s+templates 4\s+items 0$/,
    );
    expect((await admin('mint', 'status')).output).toBe('2 item(s) waiting for a token id');
    expect((await admin('mint', 'run')).output).toBe('Minted 2 item(s)');
    expect((await admin('mint', 'status')).output).toBe('0 item(s) waiting for a token id');
    expect((await admin('help')).output).toContain('gamevars set ID TYPE VALUE');
  });
});
