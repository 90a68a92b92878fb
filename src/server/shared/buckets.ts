import {
  type AliasableExpression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type StringReference,
  sql,
} from 'kysely';

/**
 * Counting rows per time bucket (the console's pulse, issue 29). Timestamps are epoch-ms integers,
 * so a bucket's start is `at - at % size`: integer arithmetic both SQLite and PostgreSQL compute
 * alike (UTC-aligned hours and days). Each capability counts its own tables with these; the
 * window's bounds keep every query on an index of the timestamp column.
 */
export interface BucketWindow {
  /** First instant counted (inclusive). */
  from: number;
  /** First instant not counted. */
  to: number;
  bucketMs: number;
}

/** One bucket's start and its figure; buckets without rows are left out. */
export interface BucketCount {
  at: number;
  value: number;
}

/** The start of the bucket a timestamp column falls in. */
export function bucketStart(column: string, bucketMs: number): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} - ${sql.ref(column)} % ${sql.lit(bucketMs)})`;
}

/** Rows as both dialects return them (PostgreSQL's bigint and count are strings) as numbers. */
export function bucketCounts(rows: ReadonlyArray<{ at: unknown; value: unknown }>): BucketCount[] {
  return rows.map((r) => ({ at: Number(r.at), value: Number(r.value ?? 0) }));
}

/**
 * One series of the pulse: `query` (a capability's select on its own table, with any filter of its
 * own) grouped by the bucket of `column` within the window. Each bucket's figure is `value`, the
 * row count unless given.
 */
export async function perBucket<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: StringReference<DB, TB> & string,
  w: BucketWindow,
  value: (eb: ExpressionBuilder<DB, TB>) => AliasableExpression<unknown> = (eb) => eb.fn.countAll(),
): Promise<BucketCount[]> {
  const at = bucketStart(column, w.bucketMs);
  const rows = await query
    .select((eb) => [at.as('at'), value(eb).as('value')])
    .where(sql<boolean>`${sql.ref(column)} >= ${w.from}`)
    .where(sql<boolean>`${sql.ref(column)} < ${w.to}`)
    .groupBy(at)
    .$castTo<{ at: unknown; value: unknown }>()
    .execute();
  return bucketCounts(rows);
}
