import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { hitRateLimit } from '../../src/server/shared/rateLimit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ROOMY_LIMITS } from './identityHelpers';

const MINUTE = 60_000;
const SECOND = 1000;

/** Issue 26 #6: a limit holds across a minute's edge, on both databases, through the actions that use it. */
describe.each(DIALECTS)('rate limits without window edges on %s', (dialect) => {
  let t: TestApp;
  // Starts on a minute's edge, where a fixed window of a minute turns.
  const clock = testClock(Date.UTC(2026, 0, 5, 12));
  let ipCounter = 0;
  const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const checkName = async (ip: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal/checkUserName',
      remoteAddress: ip,
      payload: 'sUserName=Dagon_fan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return (response.json() as { iErrorCode: number }).iErrorCode;
  };
  const passed = (codes: number[]) => codes.filter((code) => code !== ErrorCode.RATE_LIMITED).length;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: { ...ROOMY_LIMITS, userNameCheckPerIp: { max: 30, windowMs: MINUTE } } },
    });
  });
  afterAll(async () => t?.close());

  it('lets 30 through at the end of one minute and only the 2 s refill of 30 more at the start of the next', async () => {
    const ip = freshIp();
    clock.set(Date.UTC(2026, 0, 5, 13) - SECOND);
    const before: number[] = [];
    for (let i = 0; i < 30; i++) before.push(await checkName(ip));
    expect(passed(before)).toBe(30);
    clock.set(Date.UTC(2026, 0, 5, 13) + SECOND);
    const after: number[] = [];
    for (let i = 0; i < 30; i++) after.push(await checkName(ip));
    // 2 s of refill at 30 a minute: one more hit, never another 30.
    expect(passed(after)).toBe(1);
    expect(after.at(-1)).toBe(ErrorCode.RATE_LIMITED);
  });

  it('refills at max per window after a burst: one every 2 s at 30 a minute, and all 30 after a minute', async () => {
    const ip = freshIp();
    clock.set(Date.UTC(2026, 0, 5, 14));
    for (let i = 0; i < 30; i++) expect(await checkName(ip)).toBe(ErrorCode.OK);
    expect(await checkName(ip)).toBe(ErrorCode.RATE_LIMITED);
    clock.advance(2 * SECOND);
    expect(await checkName(ip)).toBe(ErrorCode.OK);
    expect(await checkName(ip)).toBe(ErrorCode.RATE_LIMITED);
    // Over any minute, at most 30 plus what a minute refills.
    let total = 31;
    for (let s = 0; s < 57; s++) {
      clock.advance(SECOND);
      if ((await checkName(ip)) === ErrorCode.OK) total++;
    }
    expect(total).toBeLessThanOrEqual(30 + 30);
    clock.advance(MINUTE);
    for (let i = 0; i < 30; i++) expect(await checkName(ip)).toBe(ErrorCode.OK);
    expect(await checkName(ip)).toBe(ErrorCode.RATE_LIMITED);
  });

  it('counts 60 racing hits of one subject exactly: max pass, and says how long to wait', async () => {
    const limit = { max: 30, windowMs: MINUTE };
    const now = Date.UTC(2026, 0, 5, 15) - SECOND;
    const verdicts = await Promise.all(
      Array.from({ length: 60 }, () => hitRateLimit(t.deps.db, { name: 'race', subject: 'one', limit, now })),
    );
    expect(verdicts.filter((v) => !v.limited)).toHaveLength(30);
    for (const verdict of verdicts.filter((v) => v.limited)) expect(verdict.retryAfterMs).toBe(2 * SECOND);
    const later = await hitRateLimit(t.deps.db, { name: 'race', subject: 'one', limit, now: now + 2 * SECOND });
    expect(later).toEqual({ limited: false, retryAfterMs: 0 });
    // Another subject and another limit name have their own buckets.
    expect((await hitRateLimit(t.deps.db, { name: 'race', subject: 'two', limit, now })).limited).toBe(false);
    expect((await hitRateLimit(t.deps.db, { name: 'other', subject: 'one', limit, now })).limited).toBe(false);
  });
});
