import { describe, expect, it } from 'vitest';
import { intGameVar } from './definitions';
import { defaultEntry, gameVarProblem } from './gameVars';

describe('a bounded integer game var', () => {
  it('keeps its integer inside the range, both ends included, and names the range', () => {
    const burst = intGameVar('iChatBurst', 5, 1, 100);
    expect(defaultEntry(burst)).toEqual({ sVarID: 'iChatBurst', sType: 'int', sValue: '5' });
    expect(gameVarProblem({ sVarID: 'iChatBurst', sType: 'int', sValue: '1' }, [burst])).toBeNull();
    expect(gameVarProblem({ sVarID: 'iChatBurst', sType: 'int', sValue: '100' }, [burst])).toBeNull();
    expect(gameVarProblem({ sVarID: 'iChatBurst', sType: 'int', sValue: '0' }, [burst])).toMatch(/1…100/);
    expect(gameVarProblem({ sVarID: 'iChatBurst', sType: 'int', sValue: '101' }, [burst])).toMatch(/1…100/);
  });

  it('takes a hint of its own (a negative range, an on/off switch)', () => {
    const offset = intGameVar('iDailyResetOffsetMinutes', 0, -840, 840, '-840…840 minutes');
    expect(offset.valid?.(-840)).toBe(true);
    expect(offset.valid?.(841)).toBe(false);
    expect(offset.hint).toBe('-840…840 minutes');
    const onOff = intGameVar('iRaffleBeacon', 0, 0, 1, '0 (off) or 1 (on)');
    expect([0, 1, 2, 0.5].map((v) => onOff.valid?.(v))).toEqual([true, true, false, false]);
  });
});
