import { type AuditFilter, type AuditRow, findAudit } from '../../shared/audit';
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
  return { actors, memberId, action: query.action, since: query.since, until: query.until };
}

/** One page of the audit log, newest first. */
export async function auditPage(
  db: OperatorsDb,
  query: AuditQuery,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const filter = await auditFilterOf(db, query);
  return filter ? findAudit(db, filter, page) : { rows: [], total: 0 };
}
