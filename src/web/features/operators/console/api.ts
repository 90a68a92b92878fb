import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleRole } from '../../../../protocol/console';
import { consoleCall } from '../../../api/console';
import { type AuditFilterForm, auditInput } from './auditFilters';

/** The operators' console calls: operators and grant caps (issue 27), the audit log; and their query keys. */
export const operatorKeys = {
  list: ['console', 'operators'] as const,
  audit: (filters: AuditFilterForm, iPage: number) => ['console', 'audit', filters, iPage] as const,
  auditActions: ['console', 'auditActions'] as const,
  account: ['console', 'account'] as const,
};

/**
 * The action filter's choices (issue 38): every action name the log holds, and each family's
 * prefix ("member.") since the filter takes a prefix ending in a dot too.
 */
export function useAuditActions() {
  return useQuery({
    queryKey: operatorKeys.auditActions,
    queryFn: ({ signal }) => consoleCall('auditActions', {}, signal),
    staleTime: 5 * 60_000,
    select: (answer) => {
      const families = new Set(answer.aActions.map((action) => `${action.split('.')[0]}.`));
      return [...families, ...answer.aActions].sort();
    },
  });
}

export function useOperatorsList() {
  return useQuery({
    queryKey: operatorKeys.list,
    queryFn: ({ signal }) => consoleCall('operatorsList', {}, signal),
  });
}

export function useRefreshOperators() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: operatorKeys.list });
}

export const addOperator = (sEmail: string, sRole: ConsoleRole, sReason: string) =>
  consoleCall('operatorAdd', { sEmail, sRole, sReason });

export const setOperatorRole = (sEmail: string, sRole: ConsoleRole, sReason: string) =>
  consoleCall('operatorSetRole', { sEmail, sRole, sReason });

export const removeOperator = (sEmail: string, sReason: string) => consoleCall('operatorRemove', { sEmail, sReason });

/** A role's grant cap; -1: no cap. */
/** A role's caps (-1: none): the largest grant, and the daily totals of points and tickets and of collectibles. */
export const setGrantCap = (
  sRole: ConsoleRole,
  caps: { iMaxAmount: number; iDailyAmount: number; iDailyItems: number },
  sReason: string,
) => consoleCall('grantCapSet', { sRole, ...caps, sReason });

/** Confirms the console session afresh (issue 35): the operator's password and a TOTP code. */
export const confirmConsoleIdentity = (sPassword: string, sCode: string) =>
  consoleCall('confirmIdentity', { sPassword, sCode });

/** One page of the audit log under the applied filters. */
export function useAuditPage(filters: AuditFilterForm, iPage: number, iPageSize: number) {
  return useQuery({
    queryKey: operatorKeys.audit(filters, iPage),
    queryFn: ({ signal }) => consoleCall('auditList', { ...auditInput(filters), iPage, iPageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The whole filtered audit log as CSV. */
export const exportAudit = (filters: AuditFilterForm) => consoleCall('auditExport', auditInput(filters));

/** Ends this tab's console session on the server (the layout's Sign out; a failure changes nothing). */
export const signOutOfConsole = () => consoleCall('signOut').catch(() => undefined);

/** Mails a fresh set-password link to an operator who has not set a password yet (issue 38, admins). */
export const resendWelcome = (sEmail: string, sReason: string) =>
  consoleCall('operatorResendWelcome', { sEmail, sReason });

// ── The operator's own account (issue 38): every role, acting on the caller alone ─────────────

/** The caller's backup codes left and console sessions. */
export function useOwnAccount() {
  return useQuery({
    queryKey: operatorKeys.account,
    queryFn: ({ signal }) => consoleCall('accountShow', {}, signal),
  });
}

export function useRefreshOwnAccount() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: operatorKeys.account });
}

export const changeOwnPassword = (sCurrentPassword: string, sNewPassword: string) =>
  consoleCall('accountPasswordChange', { sCurrentPassword, sNewPassword });

export const renewOwnBackupCodes = (sPassword: string) => consoleCall('accountBackupCodesRenew', { sPassword });

export const endOwnSession = (sSessionID: string) => consoleCall('accountSessionEnd', { sSessionID });
