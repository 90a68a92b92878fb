import { describe, expect, it } from 'vitest';
import type { GameVarDefinition } from '../../capability';
import { defaultEntry, gameVarProblem } from './gameVars';

const lives: GameVarDefinition = {
  sVarID: 'iLives',
  sType: 'int',
  sDefault: '3',
  valid: (v) => Number.isInteger(v) && (v as number) > 0,
  hint: 'a positive whole number',
};

describe('game vars', () => {
  it('refuses values that do not parse as their type or shape', () => {
    expect(gameVarProblem({ sVarID: 'iLives', sType: 'int', sValue: '3.5' })).toMatch(/integer/);
    expect(gameVarProblem({ sVarID: 'fSpeed', sType: 'float', sValue: 'fast' })).toMatch(/number/);
    expect(gameVarProblem({ sVarID: 'pThing', sType: 'json', sValue: '{' })).toMatch(/JSON/);
    expect(gameVarProblem({ sVarID: 'bad id', sType: 'int', sValue: '1' })).toMatch(/id/);
    expect(gameVarProblem({ sVarID: 'aNames', sType: 'array', sValue: 'a,b' })).toBeNull();
  });

  it('holds a declared variable to its type and shape', () => {
    expect(gameVarProblem(defaultEntry(lives), [lives])).toBeNull();
    expect(gameVarProblem({ sVarID: 'iLives', sType: 'string', sValue: 'x' }, [lives])).toMatch(/type int/);
    expect(gameVarProblem({ sVarID: 'iLives', sType: 'int', sValue: '0' }, [lives])).toMatch(/positive whole/);
  });
});
