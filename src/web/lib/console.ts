import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ConsolePermission, roleMay } from '../../protocol/console';
import { consoleCall } from '../api/console';
import type { Choice } from '../ui/ChoiceGroup';
import { pageTitle } from './pageTitle';

/** What every console screen shares (issue 27): the signed-in operator, titles, dates, durations. */

/** The signed-in operator (`whoami`), cached for the console's session; screens read their role from it. */
export function useOperator() {
  return useQuery({
    queryKey: ['console', 'whoami'],
    queryFn: ({ signal }) => consoleCall('whoami', {}, signal),
    staleTime: 60_000,
  });
}

/** Whether the signed-in operator's role holds a permission (false while unknown): screens show only the levers it may pull. */
export function useOperatorMay(): (permission: ConsolePermission) => boolean {
  const { data } = useOperator();
  return (permission) => (data ? roleMay(data.sRole, permission) : false);
}

/** A console screen's tab title: "Audit log · Console · Cthulhu Portal". */
export const consoleTitle = (name?: string) => pageTitle(name ? `${name} · Console` : 'Console');

export function useConsoleTitle(name: string): void {
  useEffect(() => {
    document.title = consoleTitle(name);
  }, [name]);
}

/** Every console time names its zone, UTC or the browser's as the operator chose (issue 38). */
export { formatWhen } from '../ui/timeZone';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The durations a ban or a mute offers; 0: until lifted. */
export const RESTRICTION_DURATIONS: readonly Choice<number>[] = [
  { label: '1 hour', value: HOUR_MS },
  { label: '1 day', value: DAY_MS },
  { label: '7 days', value: 7 * DAY_MS },
  { label: '30 days', value: 30 * DAY_MS },
  { label: 'Until lifted', value: 0 },
];
