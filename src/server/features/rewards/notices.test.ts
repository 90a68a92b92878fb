import { describe, expect, it } from 'vitest';
import type { Collectible } from '../../../protocol/collectibles';
import { noticeFields, noticeItemIds, parseNotices } from './notices';

const item = (id: number) => ({ sItemID: String(id) }) as Collectible;

describe('notice fields', () => {
  it('is empty when nothing is pending', () => {
    expect(noticeFields([], new Map())).toMatchObject({
      pNFT: null,
      pRegisterNFT: null,
      pArtNFT: null,
      iTotalTickets: 0,
      bReferralCodeUsed: false,
      iLoginRewardDay: 0,
      iNoticeCursor: 0,
    });
  });

  it('adds ticket notices, shows the newest item and daily notice, and survives a damaged payload', () => {
    const notices = parseNotices([
      { id: 1, kind: 'pRegisterNFT', payload: '{"iItemID":7}' },
      { id: 2, kind: 'iNewUserRaffleTickets', payload: '{"iTickets":1}' },
      { id: 3, kind: 'iReferralRaffleTickets', payload: '{"iTickets":1}' },
      { id: 4, kind: 'iReferralRaffleTickets', payload: '{"iTickets":2}' },
      { id: 5, kind: 'iLoginRewardDay', payload: '{"iDay":1,"iPoints":5,"iNormalPoints":10}' },
      { id: 6, kind: 'iLoginRewardDay', payload: '{"iDay":2,"iPoints":10,"iNormalPoints":20,"iTickets":0}' },
      { id: 8, kind: 'bReferralCodeUsed', payload: 'broken{' },
    ]);
    expect(noticeItemIds(notices)).toEqual([7]);
    expect(noticeFields(notices, new Map([[7, item(7)]]))).toMatchObject({
      pRegisterNFT: { sItemID: '7' },
      iNewUserRaffleTickets: 1,
      iReferralRaffleTickets: 3,
      iTotalTickets: 4,
      iLoginRewardDay: 2,
      iLoginRewardPoints: 10,
      iLoginRewardNormalPoints: 20,
      bReferralCodeUsed: true,
      iNoticeCursor: 8,
    });
  });

  it('shows no item for a notice whose item is gone', () => {
    const notices = parseNotices([{ id: 1, kind: 'pArtNFT', payload: '{"iItemID":9}' }]);
    expect(noticeFields(notices, new Map()).pArtNFT).toBeNull();
  });
});

describe('reward notices of other capabilities', () => {
  it('lists each pending one, oldest first, with its item and amounts', () => {
    const notices = parseNotices([
      { id: 3, kind: 'aRewardNotices', payload: '{"sTitle":"You won","sMessage":"First prize","iItemID":9}' },
      { id: 4, kind: 'aRewardNotices', payload: '{"sTitle":"Purchase","sMessage":"Ticket bundle","iTickets":5}' },
    ]);
    expect(noticeItemIds(notices)).toEqual([9]);
    expect(noticeFields(notices, new Map([[9, item(9)]])).aRewardNotices).toEqual([
      { iNoticeID: 3, sTitle: 'You won', sMessage: 'First prize', pItem: item(9), iPoints: 0, iTickets: 0 },
      { iNoticeID: 4, sTitle: 'Purchase', sMessage: 'Ticket bundle', pItem: null, iPoints: 0, iTickets: 5 },
    ]);
  });
});
