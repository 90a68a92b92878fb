import { describe, expect, it } from 'vitest';
import { nextRewardDayStart, noticeKindsOf } from './rewards';
import { ackNoticesInput } from './rewards.schema';

describe('notice kinds on the wire', () => {
  it('maps pUserData field names to notice kinds, with the daily and total aliases', () => {
    expect(noticeKindsOf('pRegisterNFT')).toEqual(['pRegisterNFT']);
    expect(noticeKindsOf('iLoginRewardPoints')).toEqual(['iLoginRewardDay']);
    expect(noticeKindsOf('iTotalTickets')).toEqual(['iNewUserRaffleTickets', 'iReferralRaffleTickets']);
    expect(noticeKindsOf('constructor')).toEqual([]);
    expect(noticeKindsOf('iRaffleTickets')).toEqual([]);
  });

  it('parses a comma list into distinct kinds and refuses unknown names', () => {
    expect(ackNoticesInput.parse({ sKinds: ' pNFT, iLoginRewardDay,iLoginRewardPoints ,' })).toEqual({
      sKinds: ['pNFT', 'iLoginRewardDay'],
    });
    expect(ackNoticesInput.parse({ sKinds: 'pNFT', iUpToNoticeID: '12' })).toEqual({
      sKinds: ['pNFT'],
      iUpToNoticeID: 12,
    });
    expect(ackNoticesInput.safeParse({ sKinds: 'pNFT,__proto__' }).success).toBe(false);
    expect(ackNoticesInput.safeParse({ sKinds: ' , ' }).success).toBe(false);
  });
});

describe('the reward-day boundary (server claims, web countdown)', () => {
  it('runs to the next reward-day boundary, UTC shifted by the offset', () => {
    const now = Date.UTC(2026, 10, 22, 23, 41);
    expect(nextRewardDayStart(now, 0)).toBe(Date.UTC(2026, 10, 23, 0, 0));
    // A day that starts at 06:00 UTC (offset −360 minutes).
    expect(nextRewardDayStart(now, -360)).toBe(Date.UTC(2026, 10, 23, 6, 0));
    expect(nextRewardDayStart(Date.UTC(2026, 10, 23, 5, 0), -360)).toBe(Date.UTC(2026, 10, 23, 6, 0));
  });
});
