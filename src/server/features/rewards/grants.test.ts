import { describe, expect, it } from 'vitest';
import { pickTemplate } from './grants';
import { lineKey } from './ledger';

describe('grant helpers', () => {
  it('picks the same template for the same member every time, spread over the pool', () => {
    const pool = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(pickTemplate(pool, 'user-1')).toBe(pickTemplate(pool, 'user-1'));
    const picked = new Set(Array.from({ length: 200 }, (_, i) => pickTemplate(pool, `user-${i}`)));
    expect(picked.size).toBe(6);
    expect(pickTemplate([], 'user-1')).toBeUndefined();
  });

  it('keys the first line of a grant with the grant key itself', () => {
    expect([0, 1, 2].map((i) => lineKey('daily:u:2026-01-01', i))).toEqual([
      'daily:u:2026-01-01',
      'daily:u:2026-01-01#2',
      'daily:u:2026-01-01#3',
    ]);
  });
});
