import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsoleAuditListAnswer,
  ConsoleBulkAnswer,
  ConsoleMemberRow,
  ConsolePage,
  MemberGrantAnswer,
  MemberShowAnswer,
  MemberTab,
} from '../../../../protocol/console';
import { consoleCall } from '../../../api/console';

/** Rows per page of every member table. */
export const PAGE_SIZE = 25;

const memberKey = (memberId: string) => ['console', 'member', memberId] as const;

export function useMemberFind(query: string, page: number) {
  return useQuery({
    queryKey: ['console', 'memberFind', query, page],
    queryFn: ({ signal }) =>
      consoleCall<ConsolePage<ConsoleMemberRow>>(
        'memberFind',
        { sQuery: query, iPage: page, iPageSize: PAGE_SIZE },
        signal,
      ),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useMemberProfile(memberId: string) {
  return useQuery({
    queryKey: [...memberKey(memberId), 'profile'],
    queryFn: ({ signal }) =>
      consoleCall<MemberShowAnswer>('memberShow', { sUserID: memberId, sTab: 'profile' }, signal),
  });
}

export function useMemberTab(memberId: string, tab: Exclude<MemberTab, 'profile'>, page: number) {
  return useQuery({
    queryKey: [...memberKey(memberId), tab, page],
    queryFn: ({ signal }) =>
      consoleCall<MemberShowAnswer>(
        'memberShow',
        { sUserID: memberId, sTab: tab, iPage: page, iPageSize: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The audit trail of one member (auditList filtered by member; its pages count from 1). */
export function useMemberAudit(memberId: string, page: number) {
  return useQuery({
    queryKey: [...memberKey(memberId), 'audit', page],
    queryFn: ({ signal }) =>
      consoleCall<ConsoleAuditListAnswer>(
        'auditList',
        { sMember: memberId, iPage: page + 1, iPageSize: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * A lever on one member (`memberBan`, `memberGrant`…): on success every view of the member is
 * read again (profile, tabs, audit trail).
 */
export function useMemberLever<Answer extends { iErrorCode: number } = { iErrorCode: number }>(
  memberId: string,
  action: string,
) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => consoleCall<Answer>(action, { sUserID: memberId, ...body }),
    onSuccess: () => queries.invalidateQueries({ queryKey: memberKey(memberId) }),
  });
}

export type { MemberGrantAnswer };

/** One lever on many members with one reason (consoleBulk, issue 38); each member's outcome comes back. */
export function useBulkLever() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { sAction: string; aUserIDs: string[]; pInput: Record<string, unknown> }) =>
      consoleCall<ConsoleBulkAnswer>('consoleBulk', body),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['console', 'memberFind'] }),
  });
}
