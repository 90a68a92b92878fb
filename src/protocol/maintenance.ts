import type { Flags } from './flags';
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
