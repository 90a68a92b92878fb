import { describe, expect, it } from 'vitest';
import { passwordProblem, usernameProblem } from './identity';

describe('username rules (docs/product.md §10)', () => {
  it.each(['abc', 'Seeker_42', 'a'.repeat(20), '___'])('accepts %s', (name) => {
    expect(usernameProblem(name)).toBeNull();
  });
  it.each(['ab', 'a'.repeat(21), 'has space', 'dash-ed', 'émile', '', 'x!y'])('refuses %j', (name) => {
    expect(usernameProblem(name)).toMatch(/3–20/);
  });
});

describe('password rules', () => {
  it('needs 8 to 128 characters', () => {
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
  });
});
