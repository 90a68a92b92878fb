/**
 * The plain values of a member's export (decision 0218): instants as ISO 8601 in UTC, yes/no as
 * booleans, a table's rows, and the cleaning of a table no section knows.
 */

export type Row = Record<string, unknown>;
export type RawExport = Record<string, unknown>;

/** An instant from epoch ms, an ISO string or a Date; null stays null. */
export function isoTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Number(value);
  const date = Number.isFinite(ms) ? new Date(ms) : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const yes = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
export const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
export const rows = (raw: RawExport, table: string): Row[] => (Array.isArray(raw[table]) ? (raw[table] as Row[]) : []);
export const first = (raw: RawExport, table: string): Row => rows(raw, table)[0] ?? {};
export const byTime = (key: string) => (a: Row, b: Row) => String(a[key] ?? '').localeCompare(String(b[key] ?? ''));

export function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Columns of an unknown table never copied: ids and keys of the portal's own, and who acted. */
const NOT_FOR_MEMBER = /(^id$|_id$|Id$|^userId$|_by$|By$|actor|key|nonce)/;
const TIME = /(_at$|At$|^at$|until|expires)/i;
export const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A row of a table no section knows: ids and actors dropped, times as ISO, names in camelCase. */
export function plainRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !NOT_FOR_MEMBER.test(column))
      .map(([column, value]) => [camel(column), TIME.test(column) ? isoTime(value) : value]),
  );
}
