import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The profile calls (protocol/profiles.ts); setAvatar is collectibles' action. */
export const profileKeys = {
  mine: ['profiles', 'mine'] as const,
  public: (userName: string) => ['profiles', 'public', userName.toLowerCase()] as const,
};

const token = () => getAuthState().token;

export const getMyProfile = () => portal('getMyProfile', {}, { token: token() });
export const getMyItems = () => portal('getInventory', {}, { token: token() });
export const setAvatar = (sItemID: string) => portal('setAvatar', { sItemID }, { token: token() });
export const setProfile = (bPublic: boolean, showcase: readonly string[]) =>
  portal('setProfile', { bPublic, sShowcaseItemIDs: showcase.join(',') }, { token: token() });
export const getPublicProfile = (sUserName: string) => portal('getPublicProfile', { sUserName });
