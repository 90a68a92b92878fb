import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ConsolePermission, type ConsoleWhoamiAnswer, roleMay } from '../../../../protocol/console';
import { consoleCall } from '../../../api/console';
import { pageTitle } from '../../../lib/pageTitle';

/** The signed-in operator (`whoami`), cached for the console's session; screens read their role from it. */
export function useOperator() {
  return useQuery({
    queryKey: ['console', 'whoami'],
    queryFn: ({ signal }) => consoleCall<ConsoleWhoamiAnswer>('whoami', {}, signal),
    staleTime: 60_000,
  });
}

/** Whether the signed-in operator's role holds a permission (false while unknown). */
export function useOperatorMay(permission: ConsolePermission): boolean {
  const { data } = useOperator();
  return data ? roleMay(data.sRole, permission) : false;
}

/** A console screen's tab title: "Audit log · Console · Cthulhu Portal". */
export const consoleTitle = (name?: string) => pageTitle(name ? `${name} · Console` : 'Console');

export function useConsoleTitle(name: string): void {
  useEffect(() => {
    document.title = consoleTitle(name);
  }, [name]);
}

/** What the sign-in screen reads from the navigation's state: a notice, and where to go back to. */
export interface ConsoleSignInState {
  notice?: string;
  from?: string;
}
