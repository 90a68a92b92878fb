import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { PlatformTables } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/** An open database; `DB` is the tables its handle is typed with (the composition root names them all). */
export interface Db<DB = PlatformTables> {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /** The driver underneath, for what Kysely does not do: SQLite's online backup, pool figures (metrics). */
  raw?: { sqlite?: SQLite.Database; pool?: pg.Pool };
}

// int8 (counts, millisecond timestamps) arrive as numbers, not strings: all ours fit in 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface OpenOptions {
  /**
   * Refuse any statement with more bound parameters than this (tests: shared/batches.ts
   * MAX_PARAMETERS), so a list built from data that was left unpaged fails at a few hundred rows
   * instead of at SQLite's 32,766 or PostgreSQL's 65,535 parameters in production.
   */
  maxParameters?: number;
}

/** Opens the database named by DATABASE_URL: `file:PATH` (or a bare path, or `:memory:`) or `postgres://…`. */
export function openDatabase<DB = PlatformTables>(url: string, options: OpenOptions = {}): Db<DB> {
  const guard = (dialect: Dialect) =>
    options.maxParameters === undefined ? dialect : parameterGuard(dialect, options.maxParameters);
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client whose connection drops (server restart, admin termination) emits 'error';
    // unhandled it would crash the process. The pool discards it and connects afresh on next use.
    pool.on('error', () => {});
    // A client in use when its connection drops emits 'error' too (its query fails on its own):
    // without a listener that would crash the process (found by the scale test's pg_terminate_backend).
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<DB>({ dialect: guard(new PostgresDialect({ pool })) });
    return { db, dialect: 'postgres', close: () => db.destroy(), raw: { pool } };
  }
  const file = url.replace(/^file:/, '');
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // A second Node on one machine (CI's Node 24 run, scripts/node24.sh) loads its own build of the addon.
  const nativeBinding = process.env.SQLITE_NATIVE_BINDING;
  const sqlite = new SQLite(file, nativeBinding ? { nativeBinding } : {});
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: guard(new ImmediateSqliteDialect({ database: statements })) });
  idleReaders.set(db, (query, parameters) =>
    sqlite.inTransaction ? undefined : statements.prepare(query).all(parameters),
  );
  return { db, dialect: 'sqlite', close: () => db.destroy(), raw: { sqlite } };
}

export class TooManyParameters extends Error {
  constructor(
    readonly count: number,
    readonly max: number,
    sql: string,
  ) {
    super(
      `A statement with ${count} parameters (at most ${max}): page the list it was built from. ${sql.slice(0, 200)}`,
    );
  }
}

/** Every statement Kysely compiles (queries, raw sql, what readNow runs) is counted as it compiles. */
function parameterGuard(dialect: Dialect, max: number): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler() {
      const compiler = dialect.createQueryCompiler();
      const compile = compiler.compileQuery.bind(compiler);
      compiler.compileQuery = (node, queryId) => {
        const compiled = compile(node, queryId);
        if (compiled.parameters.length > max)
          throw new TooManyParameters(compiled.parameters.length, max, compiled.sql);
        return compiled;
      };
      return compiler;
    },
  };
}

type IdleReader = (query: string, parameters: readonly unknown[]) => unknown[] | undefined;
const idleReaders = new WeakMap<object, IdleReader>();

/**
 * Runs a compiled read at once, without Kysely's connection queue and promises, when the database
 * is SQLite and no transaction holds its one connection (a read inside another request's open
 * transaction would see its uncommitted writes); undefined otherwise, for the caller to go through
 * Kysely. better-sqlite3 runs every statement synchronously anyway.
 */
export function readNow(db: object, query: string, parameters: readonly unknown[]): unknown[] | undefined {
  return idleReaders.get(db)?.(query, parameters);
}

/**
 * Transactions take SQLite's write lock at `begin` (`begin immediate`). A plain `begin` reads first
 * and upgrades on its first write; when another process (the operator CLI beside the server) has
 * written meanwhile, that upgrade fails at once with SQLITE_BUSY instead of waiting busy_timeout.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; with better-sqlite3 that is a large share of a fast query's
 * cost. Prepared statements are reused by SQL text (Kysely's one connection runs one at a time).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
