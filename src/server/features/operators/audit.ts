import { type AuditFilter, type AuditRow, findAudit, matchingAudit } from '../../shared/audit';
import { findUserIdByHandle } from '../identity/index';
import type { OperatorsDb } from './tables';

/** The audit log's filters as operators give them (CLI options, console fields). */
export interface AuditQuery {
  /** An operator's email: their console actions and their own identity events. */
  operator?: string;
  /** An exact actor (`cli:root`). */
  actor?: string;
  /** A member's id, email or username. */
  member?: string;
  action?: string;
  since?: number;
  until?: number;
  /** A bulk lever's batch id (issue 38): only with since and until at most BATCH_WINDOW_MS apart. */
  batch?: string;
}

/** The widest window a batch filter reads (its rows are written within one console call). */
export const BATCH_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a batch filter is refused (no window, too wide a window, not a batch id), or null. */
export function batchFilterProblem(query: AuditQuery): string | null {
  if (!query.batch) return null;
  if (!UUID.test(query.batch)) return 'A batch is named by its id (a UUID).';
  if (query.since === undefined || query.until === undefined || query.until - query.since > BATCH_WINDOW_MS)
    return 'A batch filter needs its days: since and until, at most 3 days apart.';
  return null;
}

/** The filter a query names, or null when it names a member that does not exist (nothing matches). */
export async function auditFilterOf(db: OperatorsDb, query: AuditQuery): Promise<AuditFilter | null> {
  const actors: string[] = [];
  if (query.operator) {
    const email = query.operator.trim().toLowerCase();
    actors.push(`console:${email}`, `self:${email}`);
  }
  if (query.actor) actors.push(query.actor);
  let memberId: string | undefined;
  if (query.member) {
    const found = await findUserIdByHandle(db, query.member.trim());
    if (!found) return null;
    memberId = found;
  }
  return { actors, memberId, action: query.action, since: query.since, until: query.until, batchId: query.batch };
}

/**
 * How many entries past the page the total counts at most (decision 0214): the console shows
 * "1,050+ entries" past it instead of counting a log that only grows (a `count(*)` of 1,000,000
 * entries was 240 ms on PostgreSQL, a scan of the whole table).
 */
export const AUDIT_COUNT_AHEAD = 1000;

/**
 * One page of the audit log, newest first, and how many entries match: exact up to
 * AUDIT_COUNT_AHEAD past the page, beyond that that bound with `totalAtLeast` (the count stops
 * there, so its cost follows the page, not the log).
 */
export async function auditPage(
  db: OperatorsDb,
  query: AuditQuery,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number; totalAtLeast: boolean }> {
  const filter = await auditFilterOf(db, query);
  return filter ? auditPageOf(db, filter, page) : { rows: [], total: 0, totalAtLeast: false };
}

/** auditPage once the query's member is resolved to a filter. */
export async function auditPageOf(
  db: OperatorsDb,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number; totalAtLeast: boolean }> {
  const bound = page.offset + page.limit + AUDIT_COUNT_AHEAD;
  const [rows, counted] = await Promise.all([
    findAudit(db, filter, page),
    db
      .selectFrom(
        matchingAudit(db, filter)
          .select('id')
          .limit(bound + 1)
          .as('matching'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
  ]);
  return counted > bound ? { rows, total: bound, totalAtLeast: true } : { rows, total: counted, totalAtLeast: false };
}

/**
 * Every action name the log holds, sorted (issue 38: the audit filter offers them as a list).
 * Read from the (action, id) index; the console caches the list.
 */
export async function auditActionNames(db: OperatorsDb): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').limit(1000).execute();
  return rows.map((row) => row.action);
}
