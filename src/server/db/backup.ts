import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Capability } from '../capability';
import type { Db } from './index';

const run = promisify(execFile);

/**
 * Operator backups (`npm run admin -- backup [FILE]` / `restore FILE`, docs/deploy.md):
 * SQLite through its online backup API (consistent while the server writes), PostgreSQL through
 * pg_dump's custom format and pg_restore. A restore replaces the whole database: stop every
 * instance first.
 */
export function defaultBackupFile(dialect: Db['dialect'], now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join('data', 'backups', `portal-${stamp}.${dialect === 'sqlite' ? 'db' : 'pgdump'}`);
}

export async function backupDatabase(database: Db, url: string, file: string): Promise<string> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (database.dialect === 'sqlite') {
    const sqlite = database.raw?.sqlite;
    if (!sqlite) throw new Error('no SQLite handle to back up');
    await sqlite.backup(file);
    return file;
  }
  await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
  return file;
}

/** Replaces the database at `url` with the backup in `file`. SQLite: the database must not be open. */
export async function restoreDatabase(dialect: Db['dialect'], url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file}: no such backup`);
  if (dialect === 'sqlite') {
    const target = url.replace(/^file:/, '');
    if (target === ':memory:') throw new Error('cannot restore into an in-memory database');
    mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    // The journal of the database being replaced must go with it.
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    copyFileSync(file, target);
    return;
  }
  await pgTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed: install the PostgreSQL client tools (apt-get install postgresql-client)`,
      );
    }
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** Row counts of every table (the restore test and the operator compare them). */
export async function tableCounts(database: Db): Promise<Record<string, number>> {
  const tables = await database.db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(database.db);
    counts[table.name] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * Everything the portal keeps about one member (`admin -- export-member USER`, by username or
 * email): the account, then every row of every table keyed by the member's id (user_id, userId,
 * claimed_by_user_id …), secrets left out. The capability that owns accounts (identity) says who
 * `who` is; the rows are found by their columns, so a new capability's tables come along unnamed.
 */
export async function exportMember(
  database: Pick<Db, 'db'>,
  who: string,
  capabilities: readonly Pick<Capability, 'findExportedAccount'>[],
  /** The member's own copy (issue 30): these tables and columns left out too (docs/security.md says why). */
  leaveOut: { tables?: readonly string[]; columns?: RegExp } = {},
): Promise<Record<string, unknown> | null> {
  const db = database.db;
  const finders = capabilities.flatMap((c) => (c.findExportedAccount ? [c.findExportedAccount] : []));
  if (finders.length !== 1) throw new Error('Exactly one capability must find the account of a member export');
  const id = await (finders[0] as NonNullable<Capability['findExportedAccount']>)(db, who);
  if (id === null) return null;
  const account = { id };
  const SECRET = /password|token|secret|hash|backup/i;
  // Columns naming the member as the row's owner (not e.g. referred_by_user_id: another member's row).
  const OWNER_COLUMNS = new Set(['user_id', 'userId', 'claimed_by_user_id', 'owner_user_id']);
  const left = (column: string) => SECRET.test(column) || Boolean(leaveOut.columns?.test(column));
  const out: Record<string, unknown> = { exportedAt: new Date().toISOString(), userId: account.id };
  const tables = await database.db.introspection.getTables();
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (leaveOut.tables?.includes(table.name)) continue;
    const keys = table.columns
      .map((c) => c.name)
      .filter((name) => (name === 'id' ? table.name === 'user' : OWNER_COLUMNS.has(name)));
    if (keys.length === 0) continue;
    const rows = await db
      .selectFrom(sql.table(table.name).as('t'))
      .selectAll()
      .where((eb) => eb.or(keys.map((key) => eb(sql.ref(`t.${key}`), '=', account.id))))
      .execute();
    if (rows.length === 0) continue;
    out[table.name] = rows.map((row) =>
      Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([column]) => !left(column))),
    );
  }
  return out;
}
