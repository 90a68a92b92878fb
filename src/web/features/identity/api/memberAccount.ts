import { ok, portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** A member's own sessions, sign-in history, data download and deletion (issue 30). */
const token = () => getAuthState().token;

/** Sessions, IPs and a pending deletion never go into the persisted cache (api/persist.ts). */
const MEMORY_ONLY = { persist: false };

export const memberAccountKeys = {
  all: ['memberAccount'] as const,
  sessions: () => [...memberAccountKeys.all, 'sessions'] as const,
  signIns: () => [...memberAccountKeys.all, 'signIns'] as const,
  deletion: () => [...memberAccountKeys.all, 'deletion'] as const,
};

export const sessionsQuery = {
  queryKey: memberAccountKeys.sessions(),
  meta: MEMORY_ONLY,
  queryFn: async () => ok(await portal('getMySessions', {}, { token: token() })).aDevices,
};

export const signInsQuery = {
  queryKey: memberAccountKeys.signIns(),
  meta: MEMORY_ONLY,
  queryFn: async () => ok(await portal('getSignInHistory', {}, { token: token() })).aSignIns,
};

export const deletionQuery = {
  queryKey: memberAccountKeys.deletion(),
  meta: MEMORY_ONLY,
  queryFn: async () => ok(await portal('getAccountDeletion', {}, { token: token() })),
};

export const endMyDevice = (sDeviceID: string) => portal('endMyDevice', { sDeviceID }, { token: token() });
export const dismissDeletionNotice = () => portal('dismissDeletionNotice', {}, { token: token() });
export const endMyOtherSessions = () => portal('endMyOtherSessions', {}, { token: token() });
export const getMyData = () => portal('getMyData', {}, { token: token() });
export const requestAccountDeletion = (sPassword: string, sCode: string) =>
  portal('requestAccountDeletion', { sPassword, sCode }, { token: token() });
export const confirmAccountDeletion = (sToken: string) => portal('confirmAccountDeletion', { sToken });
export const cancelAccountDeletion = () => portal('cancelAccountDeletion', {}, { token: token() });

/** "27 Nov 2026, 11:15" in the member's time zone. */
export const when = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
