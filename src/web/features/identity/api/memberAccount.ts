import type {
  AccountDeletionAnswer,
  EndSessionsAnswer,
  MyDataAnswer,
  MySessionsAnswer,
  SignInHistoryAnswer,
} from '../../../../protocol/memberAccount';
import type { Answer } from '../../../../protocol/wire';
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
  queryFn: async () => ok(await portal<MySessionsAnswer>('getMySessions', {}, { token: token() })).aDevices,
};

export const signInsQuery = {
  queryKey: memberAccountKeys.signIns(),
  meta: MEMORY_ONLY,
  queryFn: async () => ok(await portal<SignInHistoryAnswer>('getSignInHistory', {}, { token: token() })).aSignIns,
};

export const deletionQuery = {
  queryKey: memberAccountKeys.deletion(),
  meta: MEMORY_ONLY,
  queryFn: async () => ok(await portal<AccountDeletionAnswer>('getAccountDeletion', {}, { token: token() })),
};

export const endMyDevice = (sDeviceID: string) =>
  portal<EndSessionsAnswer>('endMyDevice', { sDeviceID }, { token: token() });
export const dismissDeletionNotice = () => portal<Answer>('dismissDeletionNotice', {}, { token: token() });
export const endMyOtherSessions = () => portal<EndSessionsAnswer>('endMyOtherSessions', {}, { token: token() });
export const getMyData = () => portal<MyDataAnswer>('getMyData', {}, { token: token() });
export const requestAccountDeletion = (sPassword: string, sCode: string) =>
  portal<Answer>('requestAccountDeletion', { sPassword, sCode }, { token: token() });
export const confirmAccountDeletion = (sToken: string) =>
  portal<AccountDeletionAnswer>('confirmAccountDeletion', { sToken });
export const cancelAccountDeletion = () => portal<Answer>('cancelAccountDeletion', {}, { token: token() });

/** "27 Nov 2026, 11:15" in the member's time zone. */
export const when = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
