import type { Generated } from 'kysely';
import type { IdentityTables } from './tables/identity';
import type { RewardsTables } from './tables/rewards';

/**
 * Table types of the portal's own tables (Better Auth keeps its own: user, session, account,
 * verification). Timestamps are milliseconds since the epoch; booleans are 0/1 integers so that
 * the same code runs on SQLite and PostgreSQL.
 */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}

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

export interface PlatformTables {
  setting: SettingTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
}

/** Better Auth's user table, read-only for the portal (selected fields only). */
export interface AuthUserTable {
  id: string;
  email: string;
  emailVerified: boolean | number;
  name: string;
  createdAt: Date | string;
}

/** Better Auth's session table, read by the portal's fast bearer lookup (http/session.ts). */
export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date | string;
}

export interface AuthTables {
  user: AuthUserTable;
  session: AuthSessionTable;
}

/** The whole database: each capability declares its tables in db/tables/<capability>.ts. */
export interface Database extends PlatformTables, AuthTables, IdentityTables, RewardsTables {}
