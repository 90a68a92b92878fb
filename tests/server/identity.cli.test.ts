import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin, USAGE } from '../../src/server/cli/commands';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

describe.each(DIALECTS)('invite commands on %s', (dialect) => {
  let t: TestApp;
  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => Date.now(), actor: 'cli:tester' });
  const lastLine = (output: string) => output.trim().split('\n').at(-1) as string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
  });
  afterAll(() => closeTestApp(t));

  it('lists the invite commands in the usage', () => {
    expect(USAGE).toContain('invite create [--uses N] [--email E]');
    expect(USAGE).toContain('invite list');
    expect(USAGE).toContain('invite revoke CODE');
  });

  it('creates a code (printed last), lists it, revokes it, and audits each change', async () => {
    const created = await admin('invite', 'create', '--uses', '3', '--email', 'Guest@Example.com');
    expect(created.exitCode).toBe(0);
    const code = lastLine(created.output);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(await t.call('verifyCode', { sCode: code })).toEqual({ iErrorCode: 0, sEmail: 'guest@example.com' });

    const listed = await admin('invite', 'list');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toMatch(new RegExp(`${code}\\s+0/3\\s+usable\\s+guest@example\\.com`));

    const revoked = await admin('invite', 'revoke', code.toLowerCase());
    expect(revoked).toEqual({ output: `Invite ${code} is revoked`, exitCode: 0 });
    expect(await t.call('verifyCode', { sCode: code })).toMatchObject({ iErrorCode: ErrorCode.INVALID_CODE });
    expect((await admin('invite', 'list')).output).toMatch(new RegExp(`${code}\\s+0/3\\s+revoked`));

    const audit = await listAudit(t.deps.db);
    const mine = audit.filter((row) => JSON.parse(row.detail).code === code);
    expect(mine.map((row) => row.action).sort()).toEqual(['invite.create', 'invite.revoke']);
    expect(mine.every((row) => row.actor === 'cli:tester')).toBe(true);
    expect(JSON.parse(mine.find((row) => row.action === 'invite.create')?.detail ?? '{}')).toEqual({
      code,
      maxUses: 3,
      email: 'guest@example.com',
    });
  });

  it('makes one unbound use by default', async () => {
    const code = lastLine((await admin('invite', 'create')).output);
    const row = await t.deps.db
      .selectFrom('invite_code')
      .select(['max_uses', 'email', 'created_by'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ max_uses: 1, email: null, created_by: 'cli:tester' });
  });

  it('refuses bad options with usage and exit code 2, writing nothing', async () => {
    const before = (await listAudit(t.deps.db, 500)).length;
    for (const args of [
      ['invite', 'create', '--uses', '0'],
      ['invite', 'create', '--uses', 'many'],
      ['invite', 'create', '--email', 'not-an-email'],
      ['invite', 'revoke'],
      ['invite', 'explode'],
      ['invite'],
    ]) {
      const result = await admin(...args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.output, args.join(' ')).toContain('Usage:');
    }
    expect(await admin('invite', 'revoke', 'NOSUCHCODE')).toEqual({ output: 'No invite code NOSUCHCODE', exitCode: 1 });
    expect(await listAudit(t.deps.db, 500)).toHaveLength(before);
  });
});
