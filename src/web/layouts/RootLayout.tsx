import { Outlet, ScrollRestoration } from 'react-router';
import { MaintenanceAlert } from '../features/maintenance/MaintenanceAlert';
import { useMaintenanceCheck } from '../features/maintenance/useMaintenanceCheck';

/** Wraps every route: the per-load maintenance check and its alert. */
export function RootLayout() {
  const { alert, dismiss } = useMaintenanceCheck();
  return (
    <>
      <Outlet />
      <MaintenanceAlert message={alert} onClose={dismiss} />
      <ScrollRestoration />
    </>
  );
}
