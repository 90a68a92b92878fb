import type { Generated, Kysely } from 'kysely';

/**
 * Table types of the platform's tables. Timestamps are milliseconds since the epoch; booleans are
 * 0/1 integers so that the same code runs on SQLite and PostgreSQL. The whole Database type is
 * composed only at the composition root (features/index.ts); everything else sees fewer tables.
 */
export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  detail: string;
  created_at: number;
  /** The member the entry is about (Better Auth user id), if any: the console filters by it (platform/005). */
  member_id: string | null;
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

/** One-off mail the mail server did not take, until it is sent again or given up (mail/retry.ts). */
export interface MailRetryTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Sends after the first that failed too. */
  retries: number;
  /** When it is due again (or, while a runner sends it, when its claim runs out). */
  next_at: number;
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

/** One counter per member, and one ('*') for what every member shares (shared/revisions.ts). */
export interface DataRevisionTable {
  /** A member's user id, or '*' for data every member shares. */
  scope: string;
  revision: number;
}

/** The platform's own tables; each capability declares its tables in features/<name>/tables.ts. */
export interface PlatformTables {
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  mail_retry: MailRetryTable;
  rate_limit: RateLimitTable;
  job_lease: JobLeaseTable;
  data_revision: DataRevisionTable;
}

/**
 * A capability's database handle: its own tables (features/<name>/tables.ts) and the platform's.
 * A query on another capability's table does not compile; that data comes through the other's
 * exported functions (its index.ts), along a declared `uses` edge.
 */
export type CapabilityDb<Own extends object> = Kysely<PlatformTables & Own>;

/** The platform's handle: its own tables only. */
export type PlatformDb = Kysely<PlatformTables>;

/**
 * Any capability's handle or transaction, as a function of the platform or of another capability
 * receives it (Kysely's types do not let one capability's handle stand for another's): the
 * receiving function works on its own tables only (capability.ts `forOtherCapabilities`).
 */
// biome-ignore lint/suspicious/noExplicitAny: the receiver narrows it to its own tables
export type AnyDb = Kysely<any>;

/** The receiving side of AnyDb: the same connection, seen with the receiver's tables. */
export function ownTables<Own extends object>(db: AnyDb): CapabilityDb<Own> {
  return db;
}
