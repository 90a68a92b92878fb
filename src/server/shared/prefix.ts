import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Whether a handle (any capability's, or a transaction) is on PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: any capability's handle
export function onPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A prefix condition on a lower-case indexed column: a range on SQLite (its LIKE cannot use a
 * BINARY index), LIKE on PostgreSQL (the owners index these columns with text_pattern_ops).
 */
// biome-ignore lint/suspicious/noExplicitAny: any capability's handle
export function startsWith(db: Kysely<any>, column: string, prefix: string) {
  if (onPostgres(db)) {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
  }
  return sql<boolean>`(${sql.ref(column)} >= ${prefix} and ${sql.ref(column)} < ${`${prefix}\uffff`})`;
}

/** The index a prefix search needs on PostgreSQL (text_pattern_ops); SQLite's ordinary index serves its range. */
export function prefixIndexSql(dialect: 'sqlite' | 'postgres', name: string, table: string, column: string) {
  return dialect === 'postgres'
    ? sql.raw(`CREATE INDEX IF NOT EXISTS ${name} ON "${table}" (${column} text_pattern_ops)`)
    : sql.raw(`CREATE INDEX IF NOT EXISTS ${name} ON "${table}" (${column})`);
}

/** A column in code-point order on both databases (PostgreSQL's default collation orders otherwise), for orderBy. */
// biome-ignore lint/suspicious/noExplicitAny: any capability's handle
export function inCodePointOrder(db: Kysely<any>, column: string) {
  return onPostgres(db) ? sql`${sql.ref(column)} collate "C"` : sql`${sql.ref(column)}`;
}

/** Ids in one order every database and JavaScript agree on (code points, not a collation): inCodePointOrder's. */
export const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
