import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase, exportMember, restoreDatabase, tableCounts } from '../../src/server/db/backup';
import { openDatabase } from '../../src/server/db/index';
import { capabilities, type Database } from '../../src/server/features/index';
import { createTestApp } from '../support/app';
import { createTestDb, DIALECTS } from '../support/db';
import { memberWithPoints } from '../support/storeHelpers';

const exec = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Backup and restore round trip (docs/deploy.md): what was backed up comes back, later changes go. */
describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  it('restores a backup taken while the app runs, and exports one member', async () => {
    const file = path.join(dir, `live-${dialect}.db`);
    const db = await createTestDb(dialect, file);
    const t = await createTestApp(dialect, { database: db });
    try {
      const kept = await memberWithPoints(t, 120, 'kept');
      const before = await tableCounts(db);
      const backup = path.join(dir, `backup-${dialect}.bak`);
      await backupDatabase(db, db.url, backup);

      const later = await memberWithPoints(t, 50, 'later');
      expect((await tableCounts(db)).member).toBe((before.member ?? 0) + 1);

      // The export holds the member's rows and none of their secrets.
      const exported = (await exportMember(db, kept.email, capabilities)) as Record<
        string,
        Array<Record<string, unknown>>
      >;
      expect(exported.user?.[0]?.email).toBe(kept.email);
      expect(exported.member).toHaveLength(1);
      expect(exported.ledger?.some((row) => row.asset === 'points' && Number(row.amount) === 120)).toBe(true);
      expect(JSON.stringify(exported)).not.toContain(kept.token);
      expect(exported.account?.[0]).not.toHaveProperty('password');
      expect(JSON.stringify(exported)).not.toContain(later.userId);

      await t.app.close();
      await db.close();
      await restoreDatabase(dialect, db.url, backup);
      const restored = openDatabase<Database>(db.url);
      try {
        expect(await tableCounts(restored)).toEqual(before);
        const ids = await restored.db.selectFrom('member').select('user_id').execute();
        expect(ids.map((r) => r.user_id)).toContain(kept.userId);
        expect(ids.map((r) => r.user_id)).not.toContain(later.userId);
        const balance = await restored.db
          .selectFrom('balance')
          .select('points')
          .where('user_id', '=', kept.userId)
          .executeTakeFirstOrThrow();
        expect(Number(balance.points)).toBe(120);
      } finally {
        await restored.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('backs up and restores through npm run admin', async () => {
    const file = path.join(dir, `cli-${dialect}.db`);
    const db = await createTestDb(dialect, file);
    const t = await createTestApp(dialect, { database: db });
    const member = await memberWithPoints(t, 10, 'cli');
    await t.app.close();
    const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, LOG_LEVEL: 'silent' };
    const admin = (...args: string[]) =>
      exec('node', ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], { env, timeout: 60_000 });
    try {
      const backup = path.join(dir, `cli-${dialect}.bak`);
      expect((await admin('backup', backup)).stdout).toContain(`backup written to ${backup}`);
      expect(readFileSync(backup).length).toBeGreaterThan(1000);
      const exported = JSON.parse((await admin('export-member', member.email)).stdout);
      expect(exported.userId).toBe(member.userId);
      await db.close();
      expect((await admin('restore', backup)).stdout).toContain('restored');
    } finally {
      await db.drop();
    }
  }, 60_000);
});
