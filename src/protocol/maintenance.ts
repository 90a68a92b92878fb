import type { FlagName, Flags } from './flags';
import type { Answer } from './wire';

/** portal/isMaintenance (docs/product.md "Maintenance"). */
export interface MaintenanceAnswer extends Answer {
  bMaintenance: boolean;
  sMessage: string;
}

/** portal/getFlags. */
export interface FlagsAnswer extends Answer {
  pFlags: Flags;
  /** Where members write for help (the server's SUPPORT_EMAIL), shown on /instructions. */
  sSupportEmail: string;
}

// ── The console's maintenance and flags screen (issue 29) ──────────────────────────────────────

/** `settingsShow` (live:read): maintenance and every flag as members get them now. */
export interface ConsoleSettingsAnswer extends Answer {
  pMaintenance: { bMaintenance: boolean; sMessage: string };
  pFlags: Flags;
}

/**
 * `maintenanceSet` {bMaintenance, sMessage?, bKeepMessage?, sReason} (live:manage): the same
 * change as `maintenance on|off`; off without sMessage clears the message unless bKeepMessage.
 * sSummary: the sentence the CLI prints.
 */
export interface ConsoleMaintenanceSetAnswer extends Answer {
  pMaintenance: { bMaintenance: boolean; sMessage: string };
  sSummary: string;
}

/** `flagSet` {sName, bOn, sReason} (live:manage): as `flags set NAME on|off`. */
export interface ConsoleFlagSetAnswer extends Answer {
  sName: FlagName;
  bOn: boolean;
  pFlags: Flags;
}
