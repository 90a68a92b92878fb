import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { MaintenanceAlert } from '../features/maintenance/components/MaintenanceAlert';
import { useMaintenanceCheck } from '../features/maintenance/model/useMaintenanceCheck';

/** Wraps every route: the per-load maintenance check and its alert, and the invite-code entry. */
export function RootLayout() {
  const { alert, dismiss } = useMaintenanceCheck();
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, for the address it was loaded with
  useEffect(() => {
    if (!new URLSearchParams(location.search).has('sCode')) return;
    import('../features/identity/model/inviteEntry').then(({ runInviteEntry }) =>
      runInviteEntry(location, (to) => navigate(to, { replace: true })),
    );
  }, []);
  return (
    <>
      <Outlet />
      <MaintenanceAlert message={alert} onClose={dismiss} />
      <ScrollRestoration />
    </>
  );
}
