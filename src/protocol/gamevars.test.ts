import { describe, expect, it } from 'vitest';
import { parseGameVar, parseGameVars, splitGameVars } from './gamevars';

const v = (sType: string, sValue: string) => parseGameVar({ sVarID: 'x', sType, sValue });

describe('game vars (docs/product.md §3)', () => {
  it('parses float and number as decimals', () => {
    expect(v('float', '1.5')).toBe(1.5);
    expect(v('number', '2.25')).toBe(2.25);
    expect(v('number', '7')).toBe(7);
    expect(Number.isNaN(v('float', 'abc'))).toBe(true);
  });
  it('parses int as an integer', () => {
    expect(v('int', '42')).toBe(42);
    expect(v('int', '3.9')).toBe(3);
    expect(v('int', '-8')).toBe(-8);
  });
  it('splits arrays on commas, keeping empty pieces', () => {
    expect(v('array', 'a,b,,c')).toEqual(['a', 'b', '', 'c']);
    expect(v('array', '')).toEqual(['']);
  });
  it('parses json, and keeps broken json as the string', () => {
    expect(v('json', '[{"iPoints":10,"iTickets":0}]')).toEqual([{ iPoints: 10, iTickets: 0 }]);
    expect(v('json', '{oops')).toBe('{oops');
  });
  it('keeps any other type as a string', () => {
    expect(v('string', '12')).toBe('12');
    expect(v('whatever', 'true')).toBe('true');
  });
  it('builds the pGameVars map and removes aGameVars from the user data', () => {
    const entries = [
      { sVarID: 'aDailyRewards', sType: 'json', sValue: '[{"iPoints":10,"iTickets":1},{"iPoints":20,"iTickets":0}]' },
      { sVarID: 'iLimit', sType: 'int', sValue: '2' },
    ];
    expect(parseGameVars(entries)).toEqual({
      aDailyRewards: [
        { iPoints: 10, iTickets: 1 },
        { iPoints: 20, iTickets: 0 },
      ],
      iLimit: 2,
    });
    const { pUserData, pGameVars } = splitGameVars({ bVerified: true, aGameVars: entries });
    expect(pUserData).toEqual({ bVerified: true });
    expect(Object.keys(pGameVars)).toEqual(['aDailyRewards', 'iLimit']);
    expect(parseGameVars(undefined)).toEqual({});
  });
});
