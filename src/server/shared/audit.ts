import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { AnyDb, PlatformDb } from '../db/schema';

/**
 * The audit log: every operator action (console `console:<email>`, CLI `cli:<user>`) and identity
 * event (`self:<email>`). Append-only from the application's side: this module writes and reads
 * entries; no function updates or deletes one (docs/security.md).
 */
export interface AuditEntry {
  actor: string;
  action: string;
  detail: unknown;
  at: number;
  /**
   * The member the entry is about (their account id), for the console's per-member trail; absent:
   * the detail's `userId` (how every lever on a member names it).
   */
  memberId?: string | null;
}

function aboutMember(entry: AuditEntry): string | null {
  if (entry.memberId !== undefined) return entry.memberId;
  const userId = (entry.detail as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' && userId ? userId : null;
}

/**
 * A bulk action's batch (issue 38): every entry written while `auditBatch.run(id, …)` runs carries
 * `batchId` in its detail, so the log shows one lever applied to many members together.
 */
export const auditBatch = new AsyncLocalStorage<string>();

function withBatch(detail: unknown): unknown {
  const batchId = auditBatch.getStore();
  if (!batchId || typeof detail !== 'object' || detail === null || Array.isArray(detail)) return detail;
  return { ...detail, batchId };
}

/** Writes one operator/system action to the audit table (inside the caller's transaction if given one). */
export async function writeAudit(db: AnyDb, entry: AuditEntry): Promise<void> {
  // Any capability's handle or transaction: the platform's tables are in every one.
  const platform: PlatformDb = db;
  await platform
    .insertInto('audit_log')
    .values({
      actor: entry.actor,
      action: entry.action,
      detail: JSON.stringify(withBatch(entry.detail)),
      created_at: entry.at,
      member_id: aboutMember(entry),
    })
    .execute();
}

export function listAudit(db: PlatformDb, limit = 50) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor', 'action', 'detail', 'created_at', 'member_id'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface AuditFilter {
  /** Exact actors, any of them (`console:ada@example.com`, `cli:root`, `self:…`). */
  actors?: readonly string[];
  memberId?: string;
  /** An exact action, or a prefix ending in `.` (`operator.` matches every operator change). */
  action?: string;
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
  /** A bulk lever's batch (its entries' detail `batchId`, a UUID); read only within a since…until window. */
  batchId?: string;
}

/** The entries a filter matches, as a query to select from (operators/audit.ts pages and counts it). */
export function matchingAudit(db: PlatformDb, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actors?.length) query = query.where('actor', 'in', filter.actors);
  if (filter.memberId) query = query.where('member_id', '=', filter.memberId);
  if (filter.action?.endsWith('.'))
    query = query.where(sql`substr(action, 1, ${filter.action.length})`, '=', filter.action);
  else if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
  // A UUID (the caller checked it): no LIKE wildcard in it. The window above bounds the scan.
  if (filter.batchId) query = query.where('detail', 'like', `%"batchId":"${filter.batchId}"%`);
  return query;
}

/** One page of matching entries, newest first. */
export function findAudit(db: PlatformDb, filter: AuditFilter, page: { offset: number; limit: number }) {
  return matchingAudit(db, filter)
    .select(['id', 'actor', 'action', 'detail', 'created_at', 'member_id'])
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export type AuditRow = Awaited<ReturnType<typeof findAudit>>[number];

/** RFC 4180 CSV of entries (a header line, CRLF), cells that a spreadsheet would run as formulas defused. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = rows.map((row) =>
    [
      String(row.id),
      new Date(Number(row.created_at)).toISOString(),
      row.actor,
      row.action,
      row.member_id ?? '',
      row.detail,
    ]
      .map(cell)
      .join(','),
  );
  return `${['id', 'at', 'actor', 'action', 'member_id', 'detail'].join(',')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
}
