import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { portal } from '../../../api/client';
import { takeSentMaintenance } from '../../../lib/pageLoad';
import { local, STORAGE } from '../../../lib/storage';
import { decideMaintenance } from './decide';

/**
 * How often an open, visible tab asks again, so a member who only reads /home learns of maintenance
 * within seconds, not on their next click (decision 0182). The server answers from memory.
 */
export const MAINTENANCE_POLL_MS = 5_000;

/**
 * Asks the server once per page load (docs/product.md §4) and redirects or raises the alert; then,
 * while the tab is visible, every MAINTENANCE_POLL_MS whether maintenance began.
 */
export function useMaintenanceCheck(): { alert: string | null; checked: boolean; dismiss(): void } {
  const navigate = useNavigate();
  const location = useLocation();
  const [alert, setAlert] = useState<string | null>(null);
  // The page load's answer was acted on (redirect, alert or nothing), in the same render as the alert.
  const [checked, setChecked] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, on the first location
  useEffect(() => {
    let cancelled = false;
    // A member's page load asked already, with its other requests (lib/pageLoad).
    portal('isMaintenance', {}, { sent: takeSentMaintenance() }).then((answer) => {
      if (cancelled) return;
      const last = Number(local.get(STORAGE.maintenanceAlertAt)) || null;
      const decision = decideMaintenance(answer, location.pathname, Date.now(), last);
      if (decision.redirect) navigate(decision.redirect, { replace: true });
      if (decision.alert) {
        local.set(STORAGE.maintenanceAlertAt, String(Date.now()));
        setAlert(decision.alert);
      }
      setChecked(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible' || window.location.pathname === ROUTES.maintenance) return;
      portal('isMaintenance').then((answer) => {
        // Only a clear "on": a dropped request is no reason to leave the page.
        if (answer?.bMaintenance && window.location.pathname !== ROUTES.maintenance) {
          navigate(ROUTES.maintenance, { replace: true });
        }
      });
    }, MAINTENANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [navigate]);
  return { alert, checked, dismiss: () => setAlert(null) };
}
