import {
  availability,
  type ConsoleStoreItem,
  DEFAULT_MEMBER_LIMIT,
  type StoreItemKind,
} from '../../../../protocol/store';
import { formatWhen } from '../../../lib/console';
import { fieldToMs, msToField } from '../../../ui/timeZone';

/** The editor's fields as typed; numbers stay text until saved. */
export interface Draft {
  id: string;
  kind: StoreItemKind;
  name: string;
  description: string;
  imagePath: string;
  templateId: string | null;
  tickets: string;
  price: string;
  stock: string;
  unlimited: boolean;
  limit: string;
  /** datetime-local values (local time); empty: open-ended. */
  from: string;
  until: string;
}

/** A time as the editor's `datetime-local` text, in the console's chosen zone (issue 38). */
const localInput = (ms: number | null) => (ms === null ? '' : msToField(ms));

export function draftOf(item: ConsoleStoreItem | null): Draft {
  return {
    id: item?.sStoreItemID ?? '',
    kind: item?.sKind ?? 'collectible',
    name: item?.sName ?? '',
    description: item?.sDescription ?? '',
    imagePath: item?.sImagePath ?? '',
    templateId: item?.sTemplateID ?? null,
    tickets: item ? String(item.iTickets) : '0',
    price: item ? String(item.iPrice) : '',
    stock: item?.iStock == null ? '' : String(item.iStock),
    unlimited: item ? item.iStock === null : false,
    limit: String(item?.iLimit ?? DEFAULT_MEMBER_LIMIT),
    from: localInput(item?.iAvailableFrom ?? null),
    until: localInput(item?.iAvailableUntil ?? null),
  };
}

export type Fields = Record<string, string | number | null>;

export type FieldErrors = Partial<Record<keyof Draft, string>>;

const ITEM_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * The draft as console fields, or every field's problem at once (issue 38: one submit shows them
 * all, like the other console forms). The store checks the values again and has the last word.
 */
export function fieldsOf(draft: Draft, isNew: boolean): { fields: Fields } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);
  const fields: Fields = {
    sKind: draft.kind,
    sName: draft.name,
    sDescription: draft.description,
    sImagePath: draft.imagePath,
    sTemplateID: draft.kind === 'collectible' ? draft.templateId : null,
  };
  if (isNew && !ITEM_ID.test(draft.id.trim()))
    errors.id = 'An id is 1–64 of a-z, 0-9, _ and -, starting with a letter or digit.';
  if (draft.kind !== 'collectible' && !draft.name.trim()) errors.name = 'Give the item a name.';
  const numbers: Array<[keyof Draft, string, string, number]> = [
    ['price', 'iPrice', draft.price, 0],
    ['limit', 'iLimit', draft.limit, 1],
    ['tickets', 'iTickets', draft.kind === 'collectible' ? '0' : draft.tickets, draft.kind === 'collectible' ? 0 : 1],
    ...(draft.unlimited ? [] : [['stock', 'iStock', draft.stock, 0] as [keyof Draft, string, string, number]]),
  ];
  for (const [field, wire, text, least] of numbers) {
    const value = whole(text);
    if (value === null || value < least) errors[field] = `Enter a whole number, at least ${least}.`;
    else fields[wire] = value;
  }
  if (draft.unlimited) fields.iStock = null;
  for (const [field, wire] of [
    ['from', 'iAvailableFrom'],
    ['until', 'iAvailableUntil'],
  ] as const) {
    const text = draft[field];
    const ms = text ? fieldToMs(text) : null;
    if (ms !== null && Number.isNaN(ms)) errors[field] = 'Enter a date and time, or leave it empty.';
    else fields[wire] = ms;
  }
  const [from, until] = [fields.iAvailableFrom, fields.iAvailableUntil];
  if (typeof from === 'number' && typeof until === 'number' && until <= from && !errors.until)
    errors.until = 'The sale must end after it starts.';
  return Object.keys(errors).length > 0 ? { errors } : { fields };
}

/** What an edit changes: only the fields whose value differs from the item's. */
export function changedFields(item: ConsoleStoreItem, fields: Fields): Fields {
  const current: Fields = {
    sKind: item.sKind,
    sName: item.sName,
    sDescription: item.sDescription,
    sImagePath: item.sImagePath,
    sTemplateID: item.sTemplateID,
    iPrice: item.iPrice,
    iLimit: item.iLimit,
    iTickets: item.iTickets,
    iStock: item.iStock,
    iAvailableFrom: item.iAvailableFrom,
    iAvailableUntil: item.iAvailableUntil,
  };
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => current[key] !== value));
}

export function state(item: ConsoleStoreItem, now: number): string {
  if (item.iRetiredAt !== null) return 'Retired';
  const window = availability(item, now);
  if (window === 'upcoming') return 'Coming';
  if (window === 'ended') return 'Ended';
  return item.iStock === 0 ? 'Sold out' : 'On sale';
}

export function windowText(item: ConsoleStoreItem): string {
  if (item.iAvailableFrom === null && item.iAvailableUntil === null) return 'Always';
  return `${item.iAvailableFrom === null ? '…' : formatWhen(item.iAvailableFrom)} → ${
    item.iAvailableUntil === null ? '…' : formatWhen(item.iAvailableUntil)
  }`;
}
