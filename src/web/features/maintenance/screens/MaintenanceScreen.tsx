import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { portal } from '../../../api/client';
import { MaintenanceNotice } from '../components/MaintenanceNotice';

const POLL_MS = 30_000;

/** /maintenance: says why the portal is closed and returns home by itself when it reopens. */
export default function MaintenanceScreen() {
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const answer = await portal('isMaintenance');
      if (stopped) return;
      if (answer?.iErrorCode === 0 && !answer.bMaintenance) {
        navigate(ROUTES.home, { replace: true });
        return;
      }
      setMessage(answer?.iErrorCode === 0 ? answer.sMessage : '');
    };
    check();
    const timer = setInterval(check, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [navigate]);

  return (
    <main id="main">
      <MaintenanceNotice message={message} />
    </main>
  );
}
