import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContextsSwitchedOn } from '../../src/server/features/identity/authContext';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { auth, closeTestApp, ROOMY_LIMITS, signIn, signUp, uniqueEmail } from './identityHelpers';

/** Longer than authContext.ts's grace after Better Auth's last call. */
const PAST_GRACE_MS = 400;

describe.each(DIALECTS)("Better Auth's async context on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
  });
  afterAll(() => closeTestApp(t));

  it('is on while Better Auth runs and off once it has been idle, so other requests pay no async hooks', async () => {
    const email = uniqueEmail('context');
    await signUp(t, email);
    const running = signIn(t, email);
    expect(authContextsSwitchedOn()).not.toEqual([]);
    expect((await running).status).toBe(200);
    await sleep(PAST_GRACE_MS);
    // Every storage Better Auth made is ours, and off: no process-wide promise hook is left enabled.
    expect(authContextsSwitchedOn()).toEqual([]);
    expect(await t.call('isMaintenance', {})).toMatchObject({ iErrorCode: 0 });
    expect(authContextsSwitchedOn()).toEqual([]);
  });

  it('serves Better Auth as before when it switches on again, with many calls at once', async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail('context'));
    const tokens = await Promise.all(emails.map((email) => signUp(t, email)));
    await sleep(PAST_GRACE_MS);
    expect(authContextsSwitchedOn()).toEqual([]);
    const [signIns, sessions] = await Promise.all([
      Promise.all(emails.map((email) => signIn(t, email))),
      Promise.all(tokens.map((token) => auth(t, '/get-session', { token }))),
    ]);
    expect(signIns.map((r) => r.status)).toEqual(emails.map(() => 200));
    expect(sessions.map((r) => (r.body as { user?: { email?: string } } | null)?.user?.email)).toEqual(emails);
    // A failing call (wrong password) leaves it to switch off too.
    expect((await signIn(t, emails[0] as string, 'not the password')).status).toBe(401);
    await sleep(PAST_GRACE_MS);
    expect(authContextsSwitchedOn()).toEqual([]);
  });
});
