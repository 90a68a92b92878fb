/**
 * The console's invites screen (issue 29): `POST /api/console/<action>`. Reading needs `live:read`,
 * changing `live:manage`. Each action calls the identity capability's function that `invite …`
 * of the CLI calls, with the same audit row (the actor is `console:<email>`).
 */
import type { ConsolePage } from './console';

/** The most codes one `inviteCreate` makes (the CLI's `--count` has the same cap). */
export const MAX_INVITE_BATCH = 500;

export type InviteState = 'usable' | 'used up' | 'expired' | 'revoked';

/** One invite code as the console lists it. */
export interface ConsoleInviteRow {
  sCode: string;
  iMaxUses: number;
  iUses: number;
  /** The only email that may use it; '' when unbound. */
  sEmail: string;
  /** Epoch ms; 0: never expires. */
  iExpiresAt: number;
  bRevoked: boolean;
  sState: InviteState;
  /** Usernames of the members who registered with it (the first few; iUses counts them all). */
  aUsedBy: string[];
  iCreatedAt: number;
  sCreatedBy: string;
}

/** `inviteList` {iPage, iPageSize}: newest first; bInviteOnly is the registration flag `inviteOnly`. */
export interface ConsoleInviteListAnswer extends ConsolePage<ConsoleInviteRow> {
  bInviteOnly: boolean;
}

/** `inviteCreate` {iCount, iMaxUses, sEmail?, iExpiresAt?, sReason}: the new codes. */
export interface ConsoleInviteCreateAnswer {
  iErrorCode: number;
  aCodes: string[];
}

/** `inviteExport` {}: every code (up to 10,000, newest first) for the CSV. */
export interface ConsoleInviteExportAnswer {
  iErrorCode: number;
  aRows: ConsoleInviteRow[];
}

/** `inviteRevoke` {sCode, sReason}; `inviteOnlySet` {bOn, sReason} answer {iErrorCode}. */
export interface ConsoleInviteChangeAnswer {
  iErrorCode: number;
}

/** The CSV of invite codes: a header line, then one code a line (RFC 4180 quoting). */
export function invitesCsv(rows: readonly ConsoleInviteRow[]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const iso = (ms: number) => (ms ? new Date(ms).toISOString() : '');
  const lines = [['code', 'uses', 'max_uses', 'state', 'email', 'expires_at', 'used_by', 'created_at', 'created_by']];
  for (const row of rows) {
    lines.push([
      row.sCode,
      String(row.iUses),
      String(row.iMaxUses),
      row.sState,
      row.sEmail,
      iso(row.iExpiresAt),
      row.aUsedBy.join(' '),
      iso(row.iCreatedAt),
      row.sCreatedBy,
    ]);
  }
  return `${lines.map((line) => line.map(cell).join(',')).join('\n')}\n`;
}
