import { describe, expect, it } from 'vitest';
import { noticeKindsOf } from './rewards';
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
