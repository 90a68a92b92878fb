import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleActionInput } from '../../../../protocol/actions';
import type { FlagName } from '../../../../protocol/flags';
import { consoleCall } from '../../../api/console';

/** Maintenance and the feature flags in the console (issue 29): their calls and query key. */
export const settingsKeys = {
  settings: ['console', 'settings'] as const,
};

export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }) => consoleCall('settingsShow', {}, signal),
  });
}

/** `maintenance on|off` and `flag set`, each with a reason; `refresh` reloads what members get now. */
export function useSettingsLevers() {
  const queries = useQueryClient();
  return {
    setMaintenance: (body: ConsoleActionInput<'maintenanceSet'>) => consoleCall('maintenanceSet', body),
    setFlag: (sName: FlagName, bOn: boolean, sReason: string) => consoleCall('flagSet', { sName, bOn, sReason }),
    refresh: () => queries.invalidateQueries({ queryKey: settingsKeys.settings }),
  };
}
