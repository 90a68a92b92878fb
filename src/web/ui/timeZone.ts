import { useSyncExternalStore } from 'react';

/**
 * The console's times (issue 38): every time is shown with its zone named, in UTC or in the
 * browser's zone, as the operator chose; the choice is remembered by this browser.
 */
export type TimeZoneChoice = 'utc' | 'local';

/** Where this browser remembers the choice (localStorage; ui/ keeps its own key, lib/storage lists it). */
const STORAGE_KEY = 'console.timeZone';
const listeners = new Set<() => void>();

export function timeZoneChoice(): TimeZoneChoice {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'local' ? 'local' : 'utc';
  } catch {
    return 'utc';
  }
}

export function setTimeZoneChoice(choice: TimeZoneChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  for (const heard of listeners) heard();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen zone; a component using it shows again when the operator switches. */
export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(subscribe, timeZoneChoice, () => 'utc');
}

/** The browser's zone as people write it at a given instant ("PST", "GMT+1"). */
export function localZoneName(ms = Date.now()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'local';
}

/** The IANA name of the browser's zone ("America/Los_Angeles"). */
export const localZoneId = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'local';

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's name as a time shows it: "UTC", or the browser's ("PST"). */
export const zoneName = (choice: TimeZoneChoice = timeZoneChoice(), ms = Date.now()) =>
  choice === 'utc' ? 'UTC' : localZoneName(ms);

/** A date's parts in the chosen zone. */
export function partsOf(ms: number, choice: TimeZoneChoice) {
  const d = new Date(ms);
  const utc = choice === 'utc';
  return {
    year: utc ? d.getUTCFullYear() : d.getFullYear(),
    month: utc ? d.getUTCMonth() : d.getMonth(),
    day: utc ? d.getUTCDate() : d.getDate(),
    hours: utc ? d.getUTCHours() : d.getHours(),
    minutes: utc ? d.getUTCMinutes() : d.getMinutes(),
    seconds: utc ? d.getUTCSeconds() : d.getSeconds(),
  };
}

/** Epoch ms as `YYYY-MM-DD HH:MM ZONE` (compact, sortable, the zone named); 0 or null: an em dash. */
export function formatWhen(
  ms: number | null | undefined,
  choice: TimeZoneChoice = timeZoneChoice(),
  withSeconds = false,
): string {
  if (!ms) return '—';
  const p = partsOf(ms, choice);
  const time = `${pad(p.hours)}:${pad(p.minutes)}${withSeconds ? `:${pad(p.seconds)}` : ''}`;
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)} ${time} ${zoneName(choice, ms)}`;
}

/** The other zone's reading of the same instant (a time's tooltip). */
export const otherZone = (ms: number, choice: TimeZoneChoice) => formatWhen(ms, choice === 'utc' ? 'local' : 'utc');

/**
 * Which zone the console's date fields are read in, for their hints: the operator's choice
 * (issue 38, decision 0245), so a field and the times beside it agree.
 */
export const localFieldHint = (choice: TimeZoneChoice = timeZoneChoice()) =>
  choice === 'utc' ? 'in UTC' : `in your browser's time zone, ${localZoneId()} (${localZoneName()})`;

const FIELD = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A `date` or `datetime-local` field's text read in the chosen zone, as epoch ms; NaN when it is
 * not one (the browser's own reading would always be its zone).
 */
export function fieldToMs(text: string, choice: TimeZoneChoice = timeZoneChoice()): number {
  const m = FIELD.exec(text.trim());
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, se] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  return choice === 'utc'
    ? Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, se)
    : new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi, se).getTime();
}

/** Epoch ms as a `datetime-local` field's text ("YYYY-MM-DDTHH:MM") in the chosen zone. */
export function msToField(ms: number, choice: TimeZoneChoice = timeZoneChoice()): string {
  const p = partsOf(ms, choice);
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)}T${pad(p.hours)}:${pad(p.minutes)}`;
}
