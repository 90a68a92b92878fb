import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MaintenanceAnswer } from '../../../../protocol/maintenance';
import { portal } from '../../../api/client';
import { local, STORAGE } from '../../../lib/storage';
import { decideMaintenance } from './decide';

/** Asks the server once per page load (docs/product.md §4) and redirects or raises the alert. */
export function useMaintenanceCheck(): { alert: string | null; dismiss(): void } {
  const navigate = useNavigate();
  const location = useLocation();
  const [alert, setAlert] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, on the first location
  useEffect(() => {
    let cancelled = false;
    portal<MaintenanceAnswer>('isMaintenance').then((answer) => {
      if (cancelled) return;
      const last = Number(local.get(STORAGE.maintenanceAlertAt)) || null;
      const decision = decideMaintenance(answer, location.pathname, Date.now(), last);
      if (decision.redirect) navigate(decision.redirect, { replace: true });
      if (decision.alert) {
        local.set(STORAGE.maintenanceAlertAt, String(Date.now()));
        setAlert(decision.alert);
      }
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return { alert, dismiss: () => setAlert(null) };
}
