import { describe, expect, it } from 'vitest';
import type { Collectible } from '../../../../protocol/collectibles';
import {
  ackCursorOf,
  buildPopupQueue,
  noticeKindsOfPopup,
  type PendingNotices,
  type Popup,
  REFERRAL_USED,
} from './popupQueue';

const item = (name: string) => ({ sItemID: name, publicMetadata: { name } }) as unknown as Collectible;
const none: PendingNotices = {
  pNFT: null,
  pRegisterNFT: null,
  pArtNFT: null,
  iNewUserRaffleTickets: 0,
  iReferralRaffleTickets: 0,
  bReferralCodeUsed: false,
  bInvalidReferralCode: false,
  iLoginRewardDay: 0,
  iLoginRewardPoints: 0,
  iLoginRewardRaffleTickets: 0,
  iLoginRewardNormalPoints: 0,
  iLoginRewardNormalRaffleTickets: 0,
};

describe('popup queue (docs/product.md §4)', () => {
  it('is empty when nothing is pending', () => {
    expect(buildPopupQueue(none)).toEqual([]);
  });

  it('keeps the spec order: demo Agent, registration Agent, Mythopedia, tickets, referral errors, daily reward', () => {
    const queue = buildPopupQueue({
      pNFT: item('demo'),
      pRegisterNFT: item('agent'),
      pArtNFT: item('page'),
      iNewUserRaffleTickets: 1,
      iReferralRaffleTickets: 1,
      bReferralCodeUsed: true,
      bInvalidReferralCode: true,
      iLoginRewardDay: 2,
      iLoginRewardPoints: 10,
      iLoginRewardRaffleTickets: 0,
      iLoginRewardNormalPoints: 20,
      iLoginRewardNormalRaffleTickets: 0,
    });
    expect(queue.map((p) => (p.kind === 'collectible' || p.kind === 'referral' ? p.field : p.kind))).toEqual([
      'pNFT',
      'pRegisterNFT',
      'pArtNFT',
      'tickets',
      'bReferralCodeUsed',
      'bInvalidReferralCode',
      'daily',
    ]);
  });

  it('shows the spec wording and the ticket total (1 + 1 = 2)', () => {
    const queue = buildPopupQueue({
      ...none,
      pRegisterNFT: item('a'),
      iNewUserRaffleTickets: 1,
      iReferralRaffleTickets: 1,
      bReferralCodeUsed: true,
    });
    expect(queue[0]).toMatchObject({
      message: 'You received a free Digital Collectible: Agent just for registering as a Member!',
    });
    expect(queue[1]).toMatchObject({ kind: 'tickets', total: 2, newUser: 1, referral: 1 });
    expect(queue[2]).toMatchObject({ message: REFERRAL_USED });
    expect(REFERRAL_USED).toContain('previously.  Only');
  });

  it('names the notices each popup acknowledges', () => {
    const queue = buildPopupQueue({ ...none, pArtNFT: item('p'), iReferralRaffleTickets: 1, iLoginRewardDay: 3 });
    expect(queue.map(noticeKindsOfPopup)).toEqual([['pArtNFT'], ['iReferralRaffleTickets'], ['iLoginRewardDay']]);
  });
});

describe('reward popups of other capabilities', () => {
  it('come after the spec popups, one each, acknowledged only up to their own notice', () => {
    const reward = (iNoticeID: number) => ({
      iNoticeID,
      sTitle: 't',
      sMessage: 'm',
      pItem: null,
      iPoints: 1,
      iTickets: 0,
    });
    const queue = buildPopupQueue({ ...none, iLoginRewardDay: 1, aRewardNotices: [reward(7), reward(9)] });
    expect(queue.map((p) => p.kind)).toEqual(['daily', 'reward', 'reward']);
    expect(queue.map((p) => noticeKindsOfPopup(p))).toEqual([
      ['iLoginRewardDay'],
      ['aRewardNotices'],
      ['aRewardNotices'],
    ]);
    expect(queue.map((p) => ackCursorOf(p, 12))).toEqual([12, 7, 9]);
  });
});

describe('announcements in the popup queue (issue 29)', () => {
  it('come last, after the spec popups and the rewards, and acknowledge no notice', () => {
    const announcement = { iAnnouncementID: 4, sTitle: 'News', sBody: '**Hi**', iSentAt: 1 };
    const reward = { iNoticeID: 7, sTitle: 't', sMessage: 'm', pItem: null, iPoints: 1, iTickets: 0 };
    const queue = buildPopupQueue({
      ...none,
      iLoginRewardDay: 1,
      aRewardNotices: [reward],
      aAnnouncements: [announcement],
    });
    expect(queue.map((p) => p.kind)).toEqual(['daily', 'reward', 'announcement']);
    expect(noticeKindsOfPopup(queue[2] as Popup)).toEqual([]);
  });
});
