import type { InventoryAnswer } from '../../../../protocol/collectibles';
import type { MyProfileAnswer, PublicProfileAnswer } from '../../../../protocol/profiles';
import type { Answer } from '../../../../protocol/wire';
import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The profile calls (protocol/profiles.ts); setAvatar is collectibles' action. */
export const profileKeys = {
  mine: ['profiles', 'mine'] as const,
  public: (userName: string) => ['profiles', 'public', userName.toLowerCase()] as const,
};

const token = () => getAuthState().token;

export const getMyProfile = () => portal<MyProfileAnswer>('getMyProfile', {}, { token: token() });
export const getMyItems = () => portal<InventoryAnswer>('getInventory', {}, { token: token() });
export const setAvatar = (sItemID: string) => portal<Answer>('setAvatar', { sItemID }, { token: token() });
export const setProfile = (bPublic: boolean, showcase: readonly string[]) =>
  portal<Answer>('setProfile', { bPublic, sShowcaseItemIDs: showcase.join(',') }, { token: token() });
export const getPublicProfile = (sUserName: string) => portal<PublicProfileAnswer>('getPublicProfile', { sUserName });
