import { describe, expect, it } from 'vitest';
import { GAME_VAR_DEFAULTS, gameVarProblem, rewardVars } from './gameVars';

describe('game vars', () => {
  it('ships defaults that pass their own validation (day 2 pays 20 points)', () => {
    for (const entry of GAME_VAR_DEFAULTS) expect(gameVarProblem(entry), entry.sVarID).toBeNull();
    const vars = rewardVars(GAME_VAR_DEFAULTS);
    expect(vars.dailyRewards[1]).toEqual({ iPoints: 20, iTickets: 0 });
    expect(vars.newUserDailyRewards[1]?.iPoints).toBeLessThan(20);
    expect([vars.newUserRaffleTickets, vars.referralRaffleTickets, vars.referrerRaffleTickets]).toEqual([1, 1, 1]);
  });

  it('refuses values that do not parse as their type or shape', () => {
    expect(gameVarProblem({ sVarID: 'iLives', sType: 'int', sValue: '3.5' })).toMatch(/integer/);
    expect(gameVarProblem({ sVarID: 'fSpeed', sType: 'float', sValue: 'fast' })).toMatch(/number/);
    expect(gameVarProblem({ sVarID: 'pThing', sType: 'json', sValue: '{' })).toMatch(/JSON/);
    expect(gameVarProblem({ sVarID: 'aDailyRewards', sType: 'json', sValue: '[]' })).toMatch(/7 ×/);
    expect(gameVarProblem({ sVarID: 'aDailyRewards', sType: 'string', sValue: 'x' })).toMatch(/type json/);
    expect(gameVarProblem({ sVarID: 'iReferrerRaffleTickets', sType: 'int', sValue: '-1' })).toMatch(/0…1000/);
    expect(gameVarProblem({ sVarID: 'iDailyResetOffsetMinutes', sType: 'int', sValue: '900' })).toMatch(/minutes/);
    expect(gameVarProblem({ sVarID: 'bad id', sType: 'int', sValue: '1' })).toMatch(/id/);
    expect(gameVarProblem({ sVarID: 'aNames', sType: 'array', sValue: 'a,b' })).toBeNull();
  });

  it('falls back to the default when a stored value is broken', () => {
    const vars = rewardVars([
      { sVarID: 'aDailyRewards', sType: 'json', sValue: '[1,2]' },
      { sVarID: 'iNewUserRaffleTickets', sType: 'int', sValue: '4' },
    ]);
    expect(vars.dailyRewards).toHaveLength(7);
    expect(vars.newUserRaffleTickets).toBe(4);
  });
});
