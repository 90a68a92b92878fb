import { timeZoneChoice } from '../../../ui/timeZone';
/**
 * The audit log's filters as the page's query string (so a filtered view is a link to share):
 * operator, member, action, since, until (YYYY-MM-DD, whole days in the operator's time zone), page.
 */
export interface AuditFilterForm {
  operator: string;
  member: string;
  action: string;
  since: string;
  until: string;
  /** One bulk lever's batch (issue 38), with its days as since and until. */
  batch: string;
}

export const FILTER_KEYS = ['operator', 'member', 'action', 'since', 'until', 'batch'] as const;

export function filtersOf(params: URLSearchParams): AuditFilterForm {
  return {
    operator: params.get('operator') ?? '',
    member: params.get('member') ?? '',
    action: params.get('action') ?? '',
    since: params.get('since') ?? '',
    until: params.get('until') ?? '',
    batch: params.get('batch') ?? '',
  };
}

/** The page shown (1-based in the address, as auditList counts). */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

export function paramsOf(filters: AuditFilterForm, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight of a YYYY-MM-DD day, or of the day after it, in the console's chosen zone (epoch ms); undefined for anything else. */
function dayStart(day: string, after = 0): number | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return timeZoneChoice() === 'utc' ? Date.UTC(y, m - 1, d + after) : new Date(y, m - 1, d + after).getTime();
}

/** The console action's filters: `until` includes its whole day. */
export function auditInput(filters: AuditFilterForm): Record<string, string | number> {
  const input: Record<string, string | number> = {};
  if (filters.operator.trim()) input.sOperator = filters.operator.trim();
  if (filters.member.trim()) input.sMember = filters.member.trim();
  if (filters.action.trim()) input.sAction = filters.action.trim();
  const since = dayStart(filters.since);
  if (since !== undefined) input.iSince = since;
  const until = dayStart(filters.until, 1);
  if (until !== undefined) input.iUntil = until;
  if (filters.batch.trim()) input.sBatch = filters.batch.trim();
  return input;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of an instant in the console's chosen zone (the since and until fields' days). */
export function dayOf(at: number): string {
  const d = new Date(at);
  return timeZoneChoice() === 'utc'
    ? d.toISOString().slice(0, 10)
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The address of one batch's entries (issue 38): its id, and the days its entries were written on. */
export function batchSearch(batchId: string, times: readonly number[]): string {
  const filters: AuditFilterForm = {
    operator: '',
    member: '',
    action: '',
    since: dayOf(Math.min(...times)),
    until: dayOf(Math.max(...times)),
    batch: batchId,
  };
  return `?${paramsOf(filters).toString()}`;
}
