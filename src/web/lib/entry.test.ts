import { describe, expect, it } from 'vitest';
import { PATHS_THAT_GO_HOME } from '../../protocol/routes';
import {
  afterSignInRoute,
  type CodeCheck,
  codeRoute,
  type EntryFacts,
  entryRoute,
  signedInRoute,
  signedOutRoute,
} from './entry';

const OK = { verified: true, registered: true };
const UNVERIFIED = { verified: false, registered: true };
const UNREGISTERED = { verified: true, registered: false };

/** [where (path + query), signed in, code check, logged in before, member, requested, expected] */
type Row = [string, boolean, CodeCheck, boolean, EntryFacts['member'], string | null, string | null | 'wait'];

const ROWS: Row[] = [
  // Signed out, no sCode: `/` and guarded routes go to /login (rb kept), public pages stay.
  ['/', false, 'none', false, null, null, '/login'],
  ['/', false, 'none', true, null, null, '/login'],
  ['/home', false, 'none', false, null, null, '/login'],
  ['/inventory/collectibles?sCollectionID=agent', false, 'none', true, null, null, '/login'],
  ['/?rb=REF7', false, 'none', false, null, null, '/login?rb=REF7'],
  ['/login', false, 'none', false, null, null, null],
  ['/register?rb=REF7', false, 'none', false, null, null, null],
  ['/instructions', false, 'none', false, null, null, null],
  ['/games', false, 'none', false, null, null, null],
  ['/forgotpassword', false, 'none', false, null, null, null],
  ['/verify', false, 'none', false, null, null, null],
  // /cursebreaker: signed out only with a remembered login.
  ['/cursebreaker', false, 'none', false, null, null, '/login'],
  ['/cursebreaker', false, 'none', true, null, null, null],
  // Signed out with sCode: wait for verifyCode, then valid → /register (or /login if logged in before).
  ['/?sCode=ABC', false, 'pending', false, null, null, 'wait'],
  ['/?sCode=ABC', false, 'valid', false, null, null, '/register?sCode=ABC'],
  ['/?sCode=ABC&rb=REF7', false, 'valid', false, null, null, '/register?sCode=ABC&rb=REF7'],
  ['/?sCode=ABC', false, 'valid', true, null, null, '/login?sCode=ABC'],
  ['/home?sCode=ABC', false, 'valid', true, null, null, '/login?sCode=ABC'],
  ['/register?sCode=ABC', false, 'valid', false, null, null, null],
  ['/register?sCode=ABC&rb=REF7', false, 'valid', true, null, null, '/login?sCode=ABC&rb=REF7'],
  ['/login?sCode=ABC', false, 'valid', true, null, null, null],
  // Invalid (or unverifiable) code → /login unless on /register or /login.
  ['/?sCode=BAD', false, 'invalid', false, null, null, '/login?sCode=BAD'],
  ['/games?sCode=BAD', false, 'invalid', true, null, null, '/login?sCode=BAD'],
  ['/cursebreaker?sCode=BAD', false, 'invalid', true, null, null, '/login?sCode=BAD'],
  ['/register?sCode=BAD', false, 'invalid', false, null, null, null],
  ['/login?sCode=BAD', false, 'invalid', false, null, null, null],
  // Signed in: wait for the member's data; unverified → /verify; no profile yet → /register.
  ['/home', true, 'none', true, null, null, 'wait'],
  ['/home', true, 'none', true, UNVERIFIED, null, '/verify'],
  ['/inventory', true, 'none', true, UNVERIFIED, null, '/verify'],
  ['/verify', true, 'none', true, UNVERIFIED, null, null],
  ['/home', true, 'none', true, UNREGISTERED, null, '/register'],
  ['/verify', true, 'none', true, UNREGISTERED, null, '/register'],
  ['/register', true, 'none', true, UNREGISTERED, null, null],
  ['/home', true, 'none', true, OK, null, null],
  ['/account', true, 'none', true, OK, '/inventory', null],
  ['/cursebreaker', true, 'none', true, OK, null, null],
  // A verified member on the entry pages goes on: the requested path with its query, else /home.
  [
    '/',
    true,
    'none',
    true,
    OK,
    '/inventory/collectibles?sCollectionID=agent',
    '/inventory/collectibles?sCollectionID=agent',
  ],
  ['/', true, 'none', true, OK, null, '/home'],
  ['/', true, 'none', true, UNVERIFIED, '/account', '/verify'],
  ['/login', true, 'none', true, OK, '/raffle', '/raffle'],
  ['/register?sCode=ABC', true, 'none', true, OK, null, '/home'],
  ['/verify', true, 'none', true, OK, null, '/home'],
  ['/?sCode=ABC', true, 'valid', true, OK, null, '/home'],
  // The requested entry pages themselves go to /home (docs/product.md §2 list).
  ...PATHS_THAT_GO_HOME.map((requested): Row => ['/', true, 'none', true, OK, `${requested}?x=1`, '/home']),
];

describe('entryRoute: the one entry-routing decision (docs/product.md §2)', () => {
  it.each(ROWS)(
    '%s (signed in %s, code %s, logged in before %s, member %o, requested %s) → %s',
    (where, signedIn, code, hasLoggedInBefore, member, requested, expected) => {
      const [path = '/', query = ''] = where.split('?');
      const search = query ? `?${query}` : '';
      expect(entryRoute({ path, search, signedIn, code, hasLoggedInBefore, member, requested })).toBe(expected);
    },
  );

  it('covers every path that goes home', () => {
    expect(PATHS_THAT_GO_HOME).toEqual(['/register', '/login', '/verify', '/forgotpassword', '/maintenance', '/']);
  });
});

describe('entry routing pieces (docs/product.md §2)', () => {
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
