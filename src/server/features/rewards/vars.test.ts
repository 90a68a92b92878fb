import { describe, expect, it } from 'vitest';
import { defaultEntry, gameVarProblem } from '../gamevars/gameVars';
import { REWARD_VARS, rewardVars } from './vars';

const definitions = Object.values(REWARD_VARS);
const problem = (sVarID: string, sType: string, sValue: string) =>
  gameVarProblem({ sVarID, sType, sValue }, definitions);

describe('reward game vars', () => {
  it('ships defaults that pass their own validation (day 2 pays 20 points)', () => {
    const defaults = definitions.map(defaultEntry);
    for (const entry of defaults) expect(gameVarProblem(entry, definitions), entry.sVarID).toBeNull();
    const vars = rewardVars(defaults);
    expect(vars.dailyRewards[1]).toEqual({ iPoints: 20, iTickets: 0 });
    expect(vars.newUserDailyRewards[1]?.iPoints).toBeLessThan(20);
    expect([vars.newUserRaffleTickets, vars.referralRaffleTickets, vars.referrerRaffleTickets]).toEqual([1, 1, 1]);
  });

  it('refuses values that break their shape', () => {
    expect(problem('aDailyRewards', 'json', '[]')).toMatch(/7 ×/);
    expect(problem('aDailyRewards', 'string', 'x')).toMatch(/type json/);
    expect(problem('iReferrerRaffleTickets', 'int', '-1')).toMatch(/0…1000/);
    expect(problem('iDailyResetOffsetMinutes', 'int', '900')).toMatch(/minutes/);
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
