import { ROUTES } from '../../../../protocol/routes';
import { MAINTENANCE_ALERT_INTERVAL_MS } from '../../../config';

export interface MaintenanceCheck {
  iErrorCode: number;
  bMaintenance?: boolean | number;
  sMessage?: string;
}

export interface MaintenanceDecision {
  /** Where to go, if anywhere. */
  redirect: string | null;
  /** A "Server Maintenance Alert" to show now, if any. */
  alert: string | null;
}

/**
 * docs/product.md §4, on each page load: a failed call or nonzero iErrorCode → /maintenance; maintenance on →
 * /maintenance; off but on /maintenance → /home; otherwise a message is alerted at most every 5 minutes.
 */
export function decideMaintenance(
  answer: MaintenanceCheck | null,
  path: string,
  now: number,
  lastAlertAt: number | null,
): MaintenanceDecision {
  if (answer?.iErrorCode !== 0) return { redirect: ROUTES.maintenance, alert: null };
  if (answer.bMaintenance === true || answer.bMaintenance === 1) {
    return { redirect: path === ROUTES.maintenance ? null : ROUTES.maintenance, alert: null };
  }
  if (path === ROUTES.maintenance) return { redirect: ROUTES.home, alert: null };
  const message = answer.sMessage?.trim();
  const due = lastAlertAt === null || now - lastAlertAt > MAINTENANCE_ALERT_INTERVAL_MS;
  return { redirect: null, alert: message && due ? message : null };
}
