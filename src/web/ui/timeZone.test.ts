import { describe, expect, it } from 'vitest';
import { fieldToMs, localFieldHint, msToField } from './timeZone';

/** Issue 38: console date fields read and show times in the zone the operator chose, not always the browser's. */
describe('date fields in the console’s zone', () => {
  const at = Date.UTC(2026, 10, 28, 18, 30);

  it('reads a datetime-local or date text in UTC when UTC is chosen', () => {
    expect(fieldToMs('2026-11-28T18:30', 'utc')).toBe(at);
    expect(fieldToMs('2026-11-28T18:30:15', 'utc')).toBe(at + 15_000);
    expect(fieldToMs('2026-11-28', 'utc')).toBe(Date.UTC(2026, 10, 28));
    expect(fieldToMs('tomorrow', 'utc')).toBeNaN();
  });

  it('reads it in the browser’s zone when local is chosen', () => {
    expect(fieldToMs('2026-11-28T18:30', 'local')).toBe(new Date(2026, 10, 28, 18, 30).getTime());
  });

  it('writes a time back as the field’s text in the chosen zone, round trip', () => {
    expect(msToField(at, 'utc')).toBe('2026-11-28T18:30');
    expect(fieldToMs(msToField(at, 'local'), 'local')).toBe(at);
    expect(localFieldHint('utc')).toBe('in UTC');
  });
});
