import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../src/protocol/identity';
import { notifyReward } from '../../src/server/features/rewards/index';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp } from '../support/rewardsHelpers';

describe.each(DIALECTS)('reward notices of other capabilities on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  it('shows each once: acknowledging one keeps the later ones, and a repeated key tells once', async () => {
    const member = await signUp(t);
    await register(t, { userId: member.userId });
    const tell = (key: string, sTitle: string) =>
      t.deps.db.transaction().execute((trx) =>
        notifyReward(trx, {
          userId: member.userId,
          key,
          now: clock.now(),
          sTitle,
          sMessage: 'Well done',
          iPoints: 10,
        }),
      );
    await tell('prize:1', 'First');
    await tell('prize:1', 'First again');
    await tell('prize:2', 'Second');
    const data = (await t.call('getUserData', {}, member.token)).pUserData as UserData;
    expect(data.aRewardNotices.map((n) => n.sTitle)).toEqual(['First', 'Second']);

    const [first] = data.aRewardNotices;
    expect(
      await t.call('ackNotices', { sKinds: 'aRewardNotices', iUpToNoticeID: first?.iNoticeID ?? 0 }, member.token),
    ).toEqual({ iErrorCode: 0, iAcknowledged: 1 });
    const after = (await t.call('getUserData', {}, member.token)).pUserData as UserData;
    expect(after.aRewardNotices.map((n) => n.sTitle)).toEqual(['Second']);
  });
});
