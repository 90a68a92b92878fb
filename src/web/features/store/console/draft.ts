import {
  availability,
  type ConsoleStoreItem,
  DEFAULT_MEMBER_LIMIT,
  type StoreItemKind,
} from '../../../../protocol/store';
import { formatWhen } from '../../../lib/console';

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

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

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

/** The draft as console fields, or the first field that is not a whole number (the store checks the values). */
export function fieldsOf(draft: Draft): { fields: Fields } | { field: keyof Draft; problem: string } {
  const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);
  const fields: Fields = {
    sKind: draft.kind,
    sName: draft.name,
    sDescription: draft.description,
    sImagePath: draft.imagePath,
    sTemplateID: draft.kind === 'collectible' ? draft.templateId : null,
  };
  const numbers: Array<[keyof Draft, string, string]> = [
    ['price', 'iPrice', draft.price],
    ['limit', 'iLimit', draft.limit],
    ['tickets', 'iTickets', draft.kind === 'collectible' ? '0' : draft.tickets],
    ...(draft.unlimited ? [] : [['stock', 'iStock', draft.stock] as [keyof Draft, string, string]]),
  ];
  for (const [field, wire, text] of numbers) {
    const value = whole(text);
    if (value === null) return { field, problem: 'Enter a whole number.' };
    fields[wire] = value;
  }
  if (draft.unlimited) fields.iStock = null;
  for (const [field, wire] of [
    ['from', 'iAvailableFrom'],
    ['until', 'iAvailableUntil'],
  ] as const) {
    const text = draft[field];
    const ms = text ? new Date(text).getTime() : null;
    if (ms !== null && Number.isNaN(ms)) return { field, problem: 'Enter a date and time, or leave it empty.' };
    fields[wire] = ms;
  }
  return { fields };
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
