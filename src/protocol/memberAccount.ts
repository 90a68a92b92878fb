import type { Answer } from './wire';

/**
 * A member's own security and data on /account (issue 30): sessions, sign-in history, the data
 * download and account deletion. Answers of the portal actions of the same names.
 */

/** How many sign-ins /account lists, newest first. */
export const SIGN_IN_HISTORY_LENGTH = 30;
/** Days between a confirmed deletion request and the erasure; signing in meanwhile cancels it (decision 0217). */
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
  /** The same sessions grouped by device (issue 42; decision 0216), this device first. */
  aDevices: MemberDeviceView[];
}

/**
 * One device of the member: its sessions (every tab signs in on its own, docs/product.md) with
 * the same browser, address and trusted-device mark, shown as one row.
 */
export interface MemberDeviceView {
  /** Opaque: a hash of what groups the sessions, never a session's id or token. */
  sDeviceID: string;
  /** "Chrome on Linux" (protocol/device.ts). */
  sDevice: string;
  sIP: string;
  /** Its sessions were opened on a device trusted for 30 days (no code asked). */
  bTrusted: boolean;
  /** Sessions (tabs, sign-ins) open on it. */
  iSessions: number;
  /** The device's first and last sign-in the portal remembers (its sessions and sign-in history). */
  iFirstSignInAt: number;
  iLastSignInAt: number;
  iLastActiveAt: number;
  /** This tab's session is one of them. */
  bThisDevice: boolean;
}

export interface EndSessionsAnswer extends Answer {
  iEnded: number;
}

/** One sign-in, or several alike in a row (same outcome, device and address), newest first. */
export interface SignInView {
  /** The newest of them. */
  iAt: number;
  /** The oldest of them (= iAt for one). */
  iFirstAt: number;
  /** How many alike in a row (issue 42: every tab signs in on its own). */
  iCount: number;
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
