import { type Kysely, sql } from 'kysely';
import { onPostgres } from './prefix';

/**
 * No statement grows with the data (issue 36): a list of rows or ids goes in pages, each statement
 * with at most MAX_PARAMETERS bound parameters. SQLite allows 32,766 and PostgreSQL 65,535; the
 * tests refuse more than this (db/index.ts `maxParameters`), so a list left unbounded fails at a
 * few hundred rows instead of in a launch week.
 */
export const MAX_PARAMETERS = 400;

/** Ids per statement when they travel as one JSON or array parameter (idRows). */
export const IDS_PER_STATEMENT = 1000;

/** `items` in consecutive pieces of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += size) pieces.push(items.slice(start, start + size));
  return pieces;
}

/** Rows per multi-row INSERT of `columns` columns, leaving room for a statement's few other parameters. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor((MAX_PARAMETERS - 10) / columns));
}

/**
 * A one-column row source (`value`) of `ids`, bound as ONE parameter: json_each on SQLite, unnest
 * on PostgreSQL. For `insert … select` and `in (select value …)`; callers still page the ids
 * (IDS_PER_STATEMENT), since the statement's work grows with them.
 */
// biome-ignore lint/suspicious/noExplicitAny: any capability's handle
export function idRows(db: Kysely<any>, ids: readonly string[]) {
  return onPostgres(db)
    ? sql<{ value: string }>`select unnest(cast(${[...ids]} as text[])) as value`
    : sql<{ value: string }>`select value from json_each(${JSON.stringify(ids)})`;
}

/** Keys per `in (…)` list: well under MAX_PARAMETERS, with room for the statement's other parameters. */
export const IDS_PER_LIST = 200;

/** `read` run on pages of at most IDS_PER_LIST distinct keys, its rows joined: an `in (…)` list that never grows with the data. */
export async function readInPages<K, T>(keys: Iterable<K>, read: (page: K[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const page of chunks([...new Set(keys)], IDS_PER_LIST)) {
    for (const row of await read(page)) rows.push(row);
  }
  return rows;
}
