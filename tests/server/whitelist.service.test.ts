import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp } from '../support/rewardsHelpers';

const account = privateKeyToAccount(`0x${'11'.repeat(32)}`);

describe.each(DIALECTS)('whitelist service on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await runAdmin(['flags', 'set', 'bWallet', 'on'], { db: t.deps.db, now: () => NOW, actor: 'cli:test' });
  });
  afterAll(async () => t?.close());

  const NOW = Date.UTC(2026, 0, 5, 12);
  const admin = (...args: string[]) =>
    runAdmin(['whitelist', ...args], { db: t.deps.db, now: () => NOW, actor: 'cli:test' });
  const isWhitelisted = (fields: Record<string, string>) => t.call('/api/whitelist/isWhitelisted', fields);
  const audited = async (action: string) =>
    (await listAudit(t.deps.db, 500))
      .filter((a) => a.action === action)
      .map((a) => ({ actor: a.actor, detail: JSON.parse(a.detail) }))
      .reverse();

  it('answers by wallet address or email with no token, ignoring case', async () => {
    expect(await isWhitelisted({ sEmail: 'nobody@example.com' })).toEqual({ iErrorCode: 0, bInWhitelist: false });
    expect(await admin('add', 'Listed@Example.com', '--note', 'early backer')).toEqual({
      exitCode: 0,
      output: 'Added email listed@example.com',
    });
    expect(await admin('add', account.address)).toEqual({
      exitCode: 0,
      output: `Added address ${account.address.toLowerCase()}`,
    });
    expect(await isWhitelisted({ sEmail: 'LISTED@example.com' })).toEqual({ iErrorCode: 0, bInWhitelist: true });
    expect(await isWhitelisted({ sWalletAddress: account.address })).toEqual({ iErrorCode: 0, bInWhitelist: true });
    expect(await isWhitelisted({ sWalletAddress: account.address.toLowerCase() })).toMatchObject({
      bInWhitelist: true,
    });
    expect(await isWhitelisted({ sWalletAddress: `0x${'22'.repeat(20)}`, sEmail: 'listed@example.com' })).toMatchObject(
      { bInWhitelist: true },
    );
    expect(await admin('add', 'listed@example.com')).toEqual({
      exitCode: 0,
      output: 'Already listed: listed@example.com',
    });
  });

  it('refuses a query with neither field, or malformed ones, with BAD_INPUT (never a 500)', async () => {
    expect(await isWhitelisted({})).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
      sMessage: 'Send sWalletAddress or sEmail.',
    });
    expect(await isWhitelisted({ sWalletAddress: '0x123' })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await isWhitelisted({ sEmail: 'not an email' })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/whitelist/isWhitelisted',
      headers: { 'content-type': 'application/json' },
      payload: '{"sEmail":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('bInWhitelist in pUserData follows the member email and the linked wallet', async () => {
    const member = await signUp(t, 'wl');
    await register(t, { userId: member.userId });
    const userData = async () =>
      ((await t.call('getUserData', {}, member.token)).pUserData as Record<string, unknown>).bInWhitelist;
    expect(await userData()).toBe(false);

    await admin('add', member.email);
    expect(await userData()).toBe(true);
    expect(await admin('remove', member.email)).toEqual({ exitCode: 0, output: `Removed email ${member.email}` });
    expect(await userData()).toBe(false);

    // A listed wallet counts once the member links it.
    const other = privateKeyToAccount(`0x${'33'.repeat(32)}`);
    await admin('add', other.address);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/setWalletAddress',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: { sWalletAddress: other.address, sChain: 'polygon', iChainID: 137 },
    });
    expect(linked.json()).toMatchObject({ iErrorCode: 0 });
    expect(await userData()).toBe(true);
  });

  it('lists, removes and refuses what is neither address nor email, every change audited', async () => {
    expect(await admin('remove', 'ghost@example.com')).toEqual({
      exitCode: 1,
      output: 'Not listed: ghost@example.com',
    });
    expect(await admin('add', 'hello')).toMatchObject({
      exitCode: 1,
      output: expect.stringMatching(/Not a wallet address/),
    });
    expect(await admin('add')).toMatchObject({ exitCode: 2 });
    expect(await admin('frobnicate')).toMatchObject({
      exitCode: 2,
      output: expect.stringMatching(/^Unknown whitelist command: frobnicate/),
    });
    const list = await admin('list');
    expect(list.exitCode).toBe(0);
    expect(list.output).toContain(`address  ${account.address.toLowerCase()}`);
    expect(list.output).toMatch(/^email\s+listed@example.com\s+2026-01-05 early backer$/m);
    expect(await audited('whitelist.add')).toEqual(
      expect.arrayContaining([{ actor: 'cli:test', detail: { values: ['listed@example.com'], note: 'early backer' } }]),
    );
    expect(await audited('whitelist.remove')).toEqual([
      { actor: 'cli:test', detail: { kind: 'email', value: expect.stringMatching(/^wl-/) } },
    ]);
  });

  it('imports a CSV file: header and comments skipped, duplicates counted, a bad line imports nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'whitelist-'));
    const good = path.join(dir, 'good.csv');
    writeFileSync(
      good,
      [
        'address,name',
        `${`0x${'44'.repeat(20)}`},Alice`,
        '# a comment',
        '"Bob@Example.com",Bob',
        '',
        'listed@example.com,already there',
      ].join('\r\n'),
    );
    expect(await admin('import', good)).toEqual({ exitCode: 0, output: 'Imported 2 new entries (1 already listed).' });
    expect(await isWhitelisted({ sEmail: 'bob@example.com' })).toMatchObject({ bInWhitelist: true });
    expect(await isWhitelisted({ sWalletAddress: `0x${'44'.repeat(20)}` })).toMatchObject({ bInWhitelist: true });
    expect(await audited('whitelist.import')).toEqual([
      { actor: 'cli:test', detail: { added: 2, note: `import ${good}` } },
    ]);

    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, ['carol@example.com', 'not-an-address', '0x12'].join('\n'));
    expect(await admin('import', bad)).toEqual({
      exitCode: 1,
      output: 'Nothing imported: line(s) 2, 3 hold no address or email.',
    });
    expect(await isWhitelisted({ sEmail: 'carol@example.com' })).toMatchObject({ bInWhitelist: false });
    expect(await admin('import', path.join(dir, 'missing.csv'))).toMatchObject({ exitCode: 1, output: /Cannot read/ });
  });
});
