import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessage, errorTable } from './errors';

describe('error-code table', () => {
  it('has unique codes, each with a message', () => {
    const table = errorTable();
    expect(new Set(table.map((e) => e.code)).size).toBe(table.length);
    for (const entry of table) expect(entry.message, entry.name).toMatch(/\w+/);
  });

  it('keeps application codes below 100, leaving HTTP statuses and 104 (docs/product.md §4) apart', () => {
    for (const { name, code } of errorTable()) {
      if (name === 'NO_RESPONSE') expect(code).toBe(104);
      else expect(code, name).toBeLessThan(100);
    }
    expect(ErrorCode.OK).toBe(0);
  });

  it('explains transport failures in words', () => {
    expect(errorMessage(null)).toMatch(/could not be reached/);
    expect(errorMessage(429)).toMatch(/Too many attempts/);
    expect(errorMessage(503)).toMatch(/server had a problem/);
    expect(errorMessage(404)).toMatch(/refused/);
    expect(errorMessage(ErrorCode.RATE_LIMITED)).toMatch(/Too many attempts/);
  });
});
