/**
 * Profiles (issue 28, decisions 0185–0186): the member's avatar (one of their Agents, kept by
 * collectibles) and a public profile page at /u/<username>, off by default.
 */
import type { Answer } from './wire';

/** How many collectibles a profile may show. */
export const PROFILE_SHOWCASE_MAX = 6;

/** The public profile page of a member. */
export const profilePath = (userName: string) => `/u/${encodeURIComponent(userName)}`;

/** The username of a /u/<username> path (a trailing slash allowed), or null for any other path. */
export function profileUserName(pathname: string): string | null {
  const match = /^\/u\/([A-Za-z0-9_]{3,20})\/?$/.exec(pathname);
  return match ? (match[1] as string) : null;
}

/** The router's pattern of the profile page. */
export const PROFILE_ROUTE = '/u/:userName';

/** pUserData's avatar part (optional: added by issue 28). */
export type AvatarUserData = {
  /** The avatar's art: the chosen Agent while the member owns it, else their first Agent ('' without one). */
  sAvatar?: string;
  /** The chosen Agent's item id ('' for the default). */
  sAvatarItemID?: string;
};

/** portal/getMyProfile (member): the profile's settings. */
export interface MyProfileAnswer extends Answer {
  bPublic: boolean;
  /** Item ids of the collectibles the page shows, in order (the ones still owned). */
  aShowcaseItemIDs: string[];
}

/** A collectible as a profile shows it. */
export interface ProfileItem {
  sItemID: string;
  sName: string;
  sImage: string;
  sRarity: string;
}

export interface ProfileScore {
  sGameID: string;
  sGameName: string;
  iScore: number;
}

export interface ProfileRaffleWin {
  sRaffleTitle: string;
  sPrize: string;
}

export interface PublicProfile {
  sUserName: string;
  sAvatar: string;
  aItems: ProfileItem[];
  aBestScores: ProfileScore[];
  aRaffleWins: ProfileRaffleWin[];
}

/** portal/getPublicProfile (public): NOT_FOUND for an unknown name, a profile that is off or an erased member. */
export interface PublicProfileAnswer extends Answer {
  pProfile?: PublicProfile;
}
