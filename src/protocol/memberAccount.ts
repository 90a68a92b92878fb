import type { Answer } from './wire';

/**
 * A member's own security and data on /account (issue 30): sessions, sign-in history, the data
 * download and account deletion. Answers of the portal actions of the same names.
 */

/** How many sign-ins /account lists, newest first. */
export const SIGN_IN_HISTORY_LENGTH = 30;
/** Days between a confirmed deletion request and the erasure; signing in meanwhile cancels it (decision 0221). */
export const DELETION_GRACE_DAYS = 7;
/** Days an erased member's username stays taken before anyone may register it. */
export const USERNAME_COOLING_DAYS = 30;
/** What an erased member's chat messages say. */
export const ERASED_CHAT_TEXT = 'deleted';

export interface MemberSessionView {
  /** Opaque: a hash of the session's id, never its token. */
  sSessionID: string;
  /** "Firefox on Windows" (protocol/device.ts). */
  sDevice: string;
  /** No place database is installed, so the IP itself ('' when unknown). */
  sIP: string;
  iCreatedAt: number;
  iLastActiveAt: number;
  bThisDevice: boolean;
}

export interface MySessionsAnswer extends Answer {
  aSessions: MemberSessionView[];
}

export interface EndSessionsAnswer extends Answer {
  iEnded: number;
}

export interface SignInView {
  iAt: number;
  bSuccess: boolean;
  sDevice: string;
  sIP: string;
  /** The first success from this device: an alert was mailed. */
  bNewDevice: boolean;
}

export interface SignInHistoryAnswer extends Answer {
  aSignIns: SignInView[];
}

export interface MyDataAnswer extends Answer {
  /** Everything the portal holds about the member (members' export, member variant). */
  pData: Record<string, unknown>;
}

export interface AccountDeletionAnswer extends Answer {
  /**
   * 'none', 'requested' (link mailed, not yet confirmed), 'scheduled' (grace period), or
   * 'cancelledAtSignIn': a sign-in during the grace period cancelled it, and the member has not
   * yet closed the notice saying so (dismissDeletionNotice).
   */
  sState: 'none' | 'requested' | 'scheduled' | 'cancelledAtSignIn';
  /** When the erasure runs (scheduled) or would have run (cancelledAtSignIn), else 0. */
  iEraseAt: number;
  /** Two-factor is on: a deletion request needs a code too. */
  bTwoFactor: boolean;
}
