import { ROUTES } from '../../../../protocol/routes';
import { MAINTENANCE_ALERT } from '../components/MaintenanceAlert';
import { MaintenanceNotice } from '../components/MaintenanceNotice';
import { decideMaintenance } from '../model/decide';
import styles from './SettingsScreen.module.css';

/** A maintenance state as members will get it. */
export interface Proposal {
  on: boolean;
  message: string;
}

/**
 * What a member's tab does with this maintenance state: the member's own decision
 * (decideMaintenance, on /home, no alert shown yet) rendered with the member's own components.
 */
export function MemberPreview({ proposal }: { proposal: Proposal }) {
  const decision = decideMaintenance(
    { iErrorCode: 0, bMaintenance: proposal.on, sMessage: proposal.message },
    ROUTES.home,
    Date.now(),
    null,
  );
  if (decision.redirect === ROUTES.maintenance) {
    return (
      <>
        <p className={styles.lead}>
          Every open member tab goes to <code>/maintenance</code> within seconds, and every member action is refused
          until maintenance ends. The page reads:
        </p>
        <div className={styles.frame} data-preview="maintenance-page">
          <MaintenanceNotice message={proposal.message.trim()} sub />
        </div>
      </>
    );
  }
  if (decision.alert) {
    return (
      <>
        <p className={styles.lead}>
          The portal stays open. On their next page load, members see this alert (again at most every 5 minutes):
        </p>
        <div className={styles.alert} data-preview="maintenance-alert">
          <p className={styles.alertTitle}>{MAINTENANCE_ALERT.title}</p>
          <p>{decision.alert}</p>
          <span className={styles.fakeButton} aria-hidden="true">
            {MAINTENANCE_ALERT.button}
          </span>
        </div>
      </>
    );
  }
  return (
    <p className={styles.lead} data-preview="nothing">
      The portal is open and members see no alert.
    </p>
  );
}
