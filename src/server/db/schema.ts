import type { Generated } from 'kysely';
import type { DataRevisionTable } from '../shared/revisions';

/**
 * Table types of the platform's tables. Timestamps are milliseconds since the epoch; booleans are
 * 0/1 integers so that the same code runs on SQLite and PostgreSQL. The whole Database type is
 * composed in features/index.ts.
 */
export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  detail: string;
  created_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string;
  created_at: number;
}

/** Token buckets shared by every server instance, one row per limit and subject (shared/rateLimit.ts). */
export interface RateLimitTable {
  key: string;
  /** When the bucket is full again, in microseconds since the epoch (GCRA's theoretical arrival time). */
  tat: number;
  /** 1 when the last hit was let through, 0 when it was limited. */
  allowed: number;
  /** tat in milliseconds, rounded up: from then on the row says nothing and is pruned. */
  expires_at: number;
}

/** Who runs a leader-only job right now (shared/lease.ts): one row per job, renewed each tick. */
export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** The platform's own tables; each capability declares its tables in features/<name>/tables.ts. */
export interface PlatformTables {
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  rate_limit: RateLimitTable;
  job_lease: JobLeaseTable;
  data_revision: DataRevisionTable;
}
