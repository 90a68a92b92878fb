import { ErrorCode } from '../../../protocol/errors';
import type { FlagName } from '../../../protocol/flags';
import type {
  ConsoleFlagSetAnswer,
  ConsoleMaintenanceSetAnswer,
  ConsoleSettingsAnswer,
} from '../../../protocol/maintenance';
import { flagSetInput, maintenanceSetInput, settingsShowInput } from '../../../protocol/maintenance.schema';
import type { AppContext } from '../../capability';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { changeMaintenance, getFlags, getMaintenance, setFlag } from './settings';
import type { MaintenanceTables } from './tables';

const define = consoleActionDefiner<MaintenanceTables>();

/**
 * The console's maintenance and flags screen (issue 29): each change calls the function
 * `maintenance on|off` and `flags set` call, with the operator as the audit's actor. `changed`
 * forgets this instance's remembered state, so the change shows here at once.
 */
export function maintenanceConsoleActions(ctx: AppContext<MaintenanceTables>, changed: () => void): ConsoleActionDef[] {
  return [
    define({
      name: 'settingsShow',
      permission: 'live:read',
      input: settingsShowInput,
      async handler(): Promise<ConsoleSettingsAnswer> {
        return { iErrorCode: ErrorCode.OK, pMaintenance: await getMaintenance(ctx.db), pFlags: await getFlags(ctx.db) };
      },
    }),
    define({
      name: 'maintenanceSet',
      permission: 'live:manage',
      input: maintenanceSetInput,
      async handler(
        { bMaintenance, sMessage, bKeepMessage, sReason },
        { operator },
      ): Promise<ConsoleMaintenanceSetAnswer> {
        const { state, summary } = await changeMaintenance(
          ctx.db,
          { on: bMaintenance, message: sMessage, keepMessage: bKeepMessage },
          { actor: operator.actor, at: ctx.clock.now(), reason: sReason },
        );
        changed();
        return { iErrorCode: ErrorCode.OK, pMaintenance: state, sSummary: summary };
      },
    }),
    define({
      name: 'flagSet',
      permission: 'live:manage',
      input: flagSetInput,
      async handler({ sName, bOn, sReason }, { operator }): Promise<ConsoleFlagSetAnswer> {
        const name = sName as FlagName;
        await setFlag(ctx.db, name, bOn, operator.actor, ctx.clock.now(), sReason);
        changed();
        return { iErrorCode: ErrorCode.OK, sName: name, bOn, pFlags: await getFlags(ctx.db) };
      },
    }),
  ];
}
