import { Outlet, ScrollRestoration } from 'react-router';
import { MaintenanceAlert } from '../features/maintenance/MaintenanceAlert';
import { useMaintenanceCheck } from '../features/maintenance/useMaintenanceCheck';
import { useInviteEntry } from '../lib/identity/useInviteEntry';

/** Wraps every route: the per-load maintenance check and its alert, and the invite-code entry. */
export function RootLayout() {
  const { alert, dismiss } = useMaintenanceCheck();
  useInviteEntry();
  return (
    <>
      <Outlet />
      <MaintenanceAlert message={alert} onClose={dismiss} />
      <ScrollRestoration />
    </>
  );
}
