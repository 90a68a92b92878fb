import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../db/index';
import type { DataRevisionTable } from '../db/schema';
import { chunks, IDS_PER_LIST } from './batches';
import { prepared } from './prepared';

/**
 * Data revisions: a counter per member, and one for what every member shares ('*'), raised by
 * database triggers on every table pUserData reads. A remembered getUserData answer stays good
 * while both counters are unchanged (shared/userDataCache.ts). Triggers see every writer: this
 * process, another instance, the operator CLI, Better Auth's own queries.
 */
export const SHARED_SCOPE = '*';

/** One table that feeds pUserData, and whose rows it concerns. */
export interface RevisionSource {
  table: string;
  /**
   * The member a row concerns: a column of the row, or an SQL expression over it (`row` is NEW or
   * OLD), e.g. a lookup through another table. Omitted: the row concerns every member ('*').
   */
  member?: string | ((row: 'NEW' | 'OLD') => string);
  /** Only updates of these columns count (live counters left out: they age out of the cache). */
  updateOf?: readonly string[];
}

function scopeOf(source: RevisionSource, row: 'NEW' | 'OLD'): string {
  const { member } = source;
  if (member === undefined) return `'${SHARED_SCOPE}'`;
  return typeof member === 'function' ? member(row) : `${row}.${member}`;
}

/** The platform's migration: the counters, and PostgreSQL's function that raises one. */
export const revisionTableMigration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('data_revision')
      .addColumn('scope', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION raise_data_revision(target text) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          IF target IS NOT NULL THEN
            INSERT INTO data_revision (scope, revision) VALUES (target, 1)
            ON CONFLICT (scope) DO UPDATE SET revision = data_revision.revision + 1;
          END IF;
        END $$`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') await sql`DROP FUNCTION raise_data_revision(text)`.execute(db);
    await db.schema.dropTable('data_revision').execute();
  },
});

const sqliteRaise = (scope: string) =>
  `INSERT INTO data_revision (scope, revision) SELECT ${scope}, 1 WHERE ${scope} IS NOT NULL ` +
  'ON CONFLICT (scope) DO UPDATE SET revision = revision + 1;';

/** A capability's migration that makes writes to its pUserData tables raise the revisions. */
export const revisionTriggers =
  (sources: readonly RevisionSource[]) =>
  (dialect: DialectName): Migration => ({
    async up(db: Kysely<unknown>) {
      for (const source of sources) {
        const name = `${source.table}_revision`;
        const table = `"${source.table}"`;
        const update = source.updateOf ? `UPDATE OF ${source.updateOf.join(', ')}` : 'UPDATE';
        if (dialect === 'postgres') {
          await sql
            .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP <> 'INSERT' THEN PERFORM raise_data_revision((${scopeOf(source, 'OLD')})::text); END IF;
              IF TG_OP <> 'DELETE' THEN PERFORM raise_data_revision((${scopeOf(source, 'NEW')})::text); END IF;
              RETURN NULL;
            END $$`)
            .execute(db);
          await sql
            .raw(
              `CREATE TRIGGER ${name} AFTER INSERT OR ${update} OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
            )
            .execute(db);
        } else {
          const on = (event: string, body: string) =>
            sql.raw(
              `CREATE TRIGGER ${name}_${event.split(' ')[0]?.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${body} END`,
            );
          await on('INSERT', sqliteRaise(scopeOf(source, 'NEW'))).execute(db);
          await on(update, sqliteRaise(scopeOf(source, 'OLD')) + sqliteRaise(scopeOf(source, 'NEW'))).execute(db);
          await on('DELETE', sqliteRaise(scopeOf(source, 'OLD'))).execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const source of sources) {
        const name = `${source.table}_revision`;
        if (dialect === 'postgres') {
          await sql.raw(`DROP TRIGGER ${name} ON "${source.table}"`).execute(db);
          await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
        } else {
          for (const event of ['insert', 'update', 'delete'])
            await sql.raw(`DROP TRIGGER ${name}_${event}`).execute(db);
        }
      }
    },
  });

export interface Revisions {
  member: number;
  shared: number;
}

const revisionsOf = prepared((db: Kysely<{ data_revision: DataRevisionTable }>, userId: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('data_revision').select('revision').where('scope', '=', userId).as('member'),
    eb.selectFrom('data_revision').select('revision').where('scope', '=', SHARED_SCOPE).as('shared'),
  ]),
);

type RevisionsRow = { member: unknown; shared: unknown } | undefined;
const revisionsOfRow = (row: RevisionsRow): Revisions => ({
  member: Number(row?.member ?? 0),
  shared: Number(row?.shared ?? 0),
});

type RevisionsDb = Parameters<typeof revisionsOf>[0];

/**
 * The member's revision and the shared one (0 before the first write), in one indexed read. Outside
 * a transaction, the reads asked for during one turn of the event loop go out together as one
 * query after it (readTogether): on PostgreSQL each query is a round trip and most of a remembered
 * answer's cost. A read still starts after it was asked for, so it sees every write committed before.
 */
export function readRevisions(db: RevisionsDb, userId: string): Promise<Revisions> {
  if (db.isTransaction) return revisionsOf(db, userId).then(([row]) => revisionsOfRow(row));
  return readTogether(db, userId);
}

interface Waiting {
  userId: string;
  resolve(revisions: Revisions): void;
  reject(error: unknown): void;
}

const waitingByDb = new WeakMap<RevisionsDb, Waiting[]>();

function readTogether(db: RevisionsDb, userId: string): Promise<Revisions> {
  return new Promise((resolve, reject) => {
    const waiting = waitingByDb.get(db) ?? gatherUntilNextTurn(db);
    waiting.push({ userId, resolve, reject });
  });
}

/** The reads asked for from now until the event loop's check phase, then read in lists of bounded length. */
function gatherUntilNextTurn(db: RevisionsDb): Waiting[] {
  const waiting: Waiting[] = [];
  waitingByDb.set(db, waiting);
  setImmediate(() => {
    waitingByDb.delete(db);
    for (const batch of chunks(waiting, IDS_PER_LIST - 1)) readBatch(db, batch);
  });
  return waiting;
}

async function readBatch(db: RevisionsDb, batch: readonly Waiting[]): Promise<void> {
  try {
    const scopes = [...new Set([SHARED_SCOPE, ...batch.map((w) => w.userId)])];
    const rows = await db
      .selectFrom('data_revision')
      .select(['scope', 'revision'])
      .where('scope', 'in', scopes)
      .execute();
    const revision = new Map(rows.map((row) => [row.scope, Number(row.revision)]));
    const shared = revision.get(SHARED_SCOPE) ?? 0;
    for (const w of batch) w.resolve({ member: revision.get(w.userId) ?? 0, shared });
  } catch (error) {
    for (const w of batch) w.reject(error);
  }
}

/**
 * The same read without a promise, when SQLite can answer at once (no transaction holds its
 * connection); undefined otherwise, for the caller to use readRevisions. The hot path's read.
 */
export function readRevisionsNow(db: Parameters<typeof revisionsOf>[0], userId: string): Revisions | undefined {
  const rows = revisionsOf.now(db, userId);
  return rows && revisionsOfRow(rows[0]);
}
