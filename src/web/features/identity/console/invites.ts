import { type ConsoleInviteRow, invitesCsv, MAX_INVITE_BATCH } from '../../../../protocol/consoleInvites';
import { downloadText } from '../../../lib/download';
import { fieldToMs } from '../../../ui/timeZone';
import type { InviteBatch } from './api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The create dialog's fields as typed. */
export interface InviteDraft {
  count: string;
  uses: string;
  email: string;
  expires: string;
}
export const EMPTY_DRAFT: InviteDraft = { count: '1', uses: '1', email: '', expires: '' };
export type DraftProblems = Partial<Record<keyof InviteDraft, string>>;

const today = () => new Date().toISOString().slice(0, 10);
export const saveCsv = (name: string, rows: readonly ConsoleInviteRow[]) =>
  downloadText(`${name}-${today()}.csv`, invitesCsv(rows), 'text/csv');

/** A whole number within bounds, or the sentence that says what is wanted. */
function wholeNumber(text: string, min: number, max: number, what: string): number | string {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) return `${what}: a whole number from ${min} to ${max}.`;
  return value;
}

/** The draft as a batch to create, or the problems of its fields. */
export function batchOf(draft: InviteDraft): { batch: InviteBatch } | { problems: DraftProblems } {
  const count = wholeNumber(draft.count, 1, MAX_INVITE_BATCH, 'Number of codes');
  const uses = wholeNumber(draft.uses, 1, 1_000_000, 'Uses per code');
  const email = draft.email.trim();
  const expiresAt = draft.expires ? fieldToMs(draft.expires) : 0;
  const found: DraftProblems = {};
  if (typeof count === 'string') found.count = count;
  if (typeof uses === 'string') found.uses = uses;
  if (email && !EMAIL.test(email)) found.email = 'An email address, or empty for anyone.';
  if (draft.expires && !Number.isFinite(expiresAt)) found.expires = 'A date and time, or empty for never.';
  if (typeof count === 'string' || typeof uses === 'string' || Object.keys(found).length > 0)
    return { problems: found };
  return { batch: { iCount: count, iMaxUses: uses, sEmail: email, iExpiresAt: expiresAt } };
}

/** The rows of codes just made, as the list would show them (the notice lists and downloads them). */
export function createdRows(codes: readonly string[], batch: InviteBatch): ConsoleInviteRow[] {
  const now = Date.now();
  return codes.map((code) => ({
    sCode: code,
    iMaxUses: batch.iMaxUses,
    iUses: 0,
    sEmail: batch.sEmail.toLowerCase(),
    iExpiresAt: batch.iExpiresAt,
    bRevoked: false,
    sState: 'usable',
    aUsedBy: [],
    iCreatedAt: now,
    sCreatedBy: '',
  }));
}
