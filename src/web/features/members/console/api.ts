import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleActionInput } from '../../../../protocol/actions';
import type { MemberGrantAnswer, MemberTab } from '../../../../protocol/console';
import { consoleCall } from '../../../api/console';

/** Rows per page of every member table. */
export const PAGE_SIZE = 25;

const memberKey = (memberId: string) => ['console', 'member', memberId] as const;

export function useMemberFind(query: string, page: number) {
  return useQuery({
    queryKey: ['console', 'memberFind', query, page],
    queryFn: ({ signal }) => consoleCall('memberFind', { sQuery: query, iPage: page, iPageSize: PAGE_SIZE }, signal),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useMemberProfile(memberId: string) {
  return useQuery({
    queryKey: [...memberKey(memberId), 'profile'],
    queryFn: ({ signal }) => consoleCall('memberShow', { sUserID: memberId, sTab: 'profile' }, signal),
  });
}

export function useMemberTab(memberId: string, tab: Exclude<MemberTab, 'profile'>, page: number) {
  return useQuery({
    queryKey: [...memberKey(memberId), tab, page],
    queryFn: ({ signal }) =>
      consoleCall('memberShow', { sUserID: memberId, sTab: tab, iPage: page, iPageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The audit trail of one member (auditList filtered by member; its pages count from 1). */
export function useMemberAudit(memberId: string, page: number) {
  return useQuery({
    queryKey: [...memberKey(memberId), 'audit', page],
    queryFn: ({ signal }) =>
      consoleCall('auditList', { sMember: memberId, iPage: page + 1, iPageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The console's levers on one member: each takes the member's sUserID with its own fields. */
export type MemberLever =
  | 'memberBan'
  | 'memberUnban'
  | 'memberMute'
  | 'memberResendVerification'
  | 'memberForcePasswordReset'
  | 'memberSessionsRevoke'
  | 'memberNoteAdd'
  | 'memberExport'
  | 'memberGrant';

/**
 * A lever on one member (`memberBan`, `memberGrant`…): on success every view of the member is
 * read again (profile, tabs, audit trail).
 */
export function useMemberLever<N extends MemberLever>(memberId: string, action: N) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleActionInput<N>) => consoleCall(action, body),
    onSuccess: () => queries.invalidateQueries({ queryKey: memberKey(memberId) }),
  });
}

export type { MemberGrantAnswer };

/** One lever on many members with one reason (consoleBulk, issue 38); each member's outcome comes back. */
export function useBulkLever() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { sAction: string; aUserIDs: string[]; pInput: Record<string, unknown> }) =>
      consoleCall('consoleBulk', body),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['console', 'memberFind'] }),
  });
}
