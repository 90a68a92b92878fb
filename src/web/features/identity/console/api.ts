import { useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../api/console';

const PAGE_SIZE = 25;

/** The invites' console calls (issue 29) and their query keys. */
export const inviteKeys = {
  all: ['console', 'invites'] as const,
  page: (iPage: number) => ['console', 'invites', iPage] as const,
};

export function useInvitePage(iPage: number) {
  return useQuery({
    queryKey: inviteKeys.page(iPage),
    queryFn: ({ signal }) => consoleCall('inviteList', { iPage, iPageSize: PAGE_SIZE }, signal),
  });
}

export interface InviteBatch {
  iCount: number;
  iMaxUses: number;
  sEmail: string;
  iExpiresAt: number;
}

/** `invite create|revoke|export` and `invite-only`, each change with a reason. */
export function useInviteLevers() {
  const queries = useQueryClient();
  return {
    create: (batch: InviteBatch, sReason: string) => consoleCall('inviteCreate', { ...batch, sReason }),
    revoke: (sCode: string, sReason: string) => consoleCall('inviteRevoke', { sCode, sReason }),
    setInviteOnly: (bOn: boolean, sReason: string) => consoleCall('inviteOnlySet', { bOn, sReason }),
    exportAll: async () => (await consoleCall('inviteExport')).aRows,
    refresh: () => queries.invalidateQueries({ queryKey: inviteKeys.all }),
  };
}
