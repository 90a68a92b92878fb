import { describe, expect, it } from 'vitest';
import { afterSignInRoute, codeRoute, signedInRoute, signedOutRoute } from './entry';

describe('entry routing (SPEC §2)', () => {
  it.each([
    // path, search, codeValid, hasLoggedInBefore, expected
    ['/', '?sCode=ABC', true, false, '/register?sCode=ABC'],
    ['/', '?sCode=ABC&rb=REF', true, false, '/register?sCode=ABC&rb=REF'],
    ['/home', '?sCode=ABC', true, true, '/login?sCode=ABC'],
    ['/register', '?sCode=ABC', true, false, null],
    ['/login', '?sCode=ABC', true, true, null],
    ['/register', '?sCode=ABC', true, true, '/login?sCode=ABC'],
    ['/', '?sCode=BAD', false, false, '/login?sCode=BAD'],
    ['/games', '?sCode=BAD', false, true, '/login?sCode=BAD'],
    ['/register', '?sCode=BAD', false, false, null],
    ['/login', '?sCode=BAD', false, false, null],
  ] as const)(
    'with sCode on %s%s (valid %s, logged in before %s) → %s',
    (path, search, codeValid, hasLoggedInBefore, expected) => {
      expect(codeRoute({ path, search, codeValid, hasLoggedInBefore })).toBe(expected);
    },
  );

  it.each([
    ['/', '', false, '/login'],
    ['/home', '', false, '/login'],
    ['/inventory/collectibles', '?sCollectionID=agent', false, '/login'],
    ['/', '?rb=REF', false, '/login?rb=REF'],
    ['/login', '', false, null],
    ['/register', '?rb=REF', false, null],
    ['/instructions', '', false, null],
    ['/forgotpassword', '', false, null],
    ['/viewer', '?sItemID=3', false, null],
    ['/cursebreaker', '', false, '/login'],
    ['/cursebreaker', '', true, null],
  ] as const)('signed out on %s%s (logged in before %s) → %s', (path, search, hasLoggedInBefore, expected) => {
    expect(signedOutRoute({ path, search, hasLoggedInBefore })).toBe(expected);
  });

  it.each([
    ['/home', false, true, '/verify'],
    ['/verify', false, true, null],
    ['/home', true, false, '/register'],
    ['/register', false, false, null],
    ['/home', true, true, null],
  ] as const)('signed in on %s (verified %s, registered %s) → %s', (path, verified, registered, expected) => {
    expect(signedInRoute({ path, verified, registered })).toBe(expected);
  });

  it.each([
    ['/inventory/collectibles?sCollectionID=agent', true, '/inventory/collectibles?sCollectionID=agent'],
    ['/account', true, '/account'],
    [null, true, '/home'],
    ['/register?sCode=X', true, '/home'],
    ['/login', true, '/home'],
    ['/verify', true, '/home'],
    ['/forgotpassword', true, '/home'],
    ['/maintenance', true, '/home'],
    ['/', true, '/home'],
    ['/account', false, '/verify'],
  ] as const)('after sign-in, requested %s (verified %s) → %s', (requested, verified, expected) => {
    expect(afterSignInRoute(requested, verified)).toBe(expected);
  });
});
