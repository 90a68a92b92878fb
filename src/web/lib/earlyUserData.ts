import type { UserDataAnswer } from '../../protocol/identity';
import { type ActionResult, portal } from '../api/client';

/**
 * getUserData asked for by main.tsx together with the session check instead of after it: the
 * first fetch of the member's data for that token (lib/memberData) takes this answer.
 */
let early: { token: string; answer: Promise<ActionResult<UserDataAnswer>> } | null = null;

export function askUserDataEarly(token: string): void {
  early = { token, answer: portal<UserDataAnswer>('getUserData', {}, { token }) };
}

export function takeEarlyUserData(token: string): Promise<ActionResult<UserDataAnswer>> | null {
  if (early?.token !== token) return null;
  const { answer } = early;
  early = null;
  return answer;
}
