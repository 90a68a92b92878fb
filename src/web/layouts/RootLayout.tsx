import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import { onMaintenanceAnswer } from '../api/client';
import { MaintenanceAlert } from '../features/maintenance/components/MaintenanceAlert';
import { useMaintenanceCheck } from '../features/maintenance/model/useMaintenanceCheck';
import { titleForPath } from '../lib/pageTitle';

/** Wraps every route: the per-load maintenance check and its alert, and the invite-code entry. */
export function RootLayout() {
  const { alert, checked, dismiss } = useMaintenanceCheck();
  const location = useLocation();
  const navigate = useNavigate();
  // The path's default title, before any screen's own (usePageTitle runs in a later, passive effect).
  useLayoutEffect(() => {
    document.title = titleForPath(location.pathname);
  }, [location.pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, for the address it was loaded with
  useEffect(() => {
    if (!new URLSearchParams(location.search).has('sCode')) return;
    import('../features/identity/model/inviteEntry').then(({ runInviteEntry }) =>
      runInviteEntry(location, (to) => navigate(to, { replace: true })),
    );
  }, []);
  // An open tab learns of maintenance on its next call (every action answers the maintenance code).
  useEffect(
    () =>
      onMaintenanceAnswer(() => {
        if (window.location.pathname !== ROUTES.maintenance) navigate(ROUTES.maintenance, { replace: true });
      }),
    [navigate],
  );
  // Marks <html> once the page load's maintenance answer was acted on. This effect runs after the
  // alert dialog's own (a child's effects run first), so a flow that waits for the mark finds the
  // alert already open if there is one (tests/e2e/support.ts, decision 0222).
  useEffect(() => {
    if (checked) document.documentElement.dataset.maintenanceChecked = '';
  }, [checked]);
  return (
    <>
      <SkipLink />
      <Outlet />
      <MaintenanceAlert message={alert} onClose={dismiss} />
      <ScrollRestoration />
    </>
  );
}

/** The first stop of the Tab key on every page: straight to the page's main landmark, past the navigation. */
function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real in-page link (#main); the handler only moves focus without a router navigation
    <a
      href="#main"
      className="skip-link"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      Skip to content
    </a>
  );
}
