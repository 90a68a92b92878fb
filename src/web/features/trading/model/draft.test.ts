import { describe, expect, it } from 'vitest';
import { draftProblem, pointsOf, toggled } from './draft';

const base = { to: 'alice', give: ['abcdefghijkmnpqr'], givePoints: 0, take: [], takePoints: 0, message: '' };

describe('an offer draft', () => {
  it('asks for a username and something given', () => {
    expect(draftProblem({ ...base, to: '' }, true)).toMatch(/username/);
    expect(draftProblem({ ...base, give: [] }, true)).toMatch(/at least one/);
    expect(draftProblem(base, true)).toBeNull();
  });
  it('a trade asks for something; a gift asks nothing', () => {
    expect(draftProblem(base, false)).toMatch(/gift/);
    expect(draftProblem({ ...base, takePoints: 5 }, false)).toBeNull();
  });
  it('toggles picks and reads points', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
    expect([pointsOf(''), pointsOf('12'), pointsOf('-3')]).toEqual([0, 12, 0]);
  });
});
