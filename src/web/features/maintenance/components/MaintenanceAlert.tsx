import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** The alert's words, shared with the console's preview of it. */
export const MAINTENANCE_ALERT = { title: 'Server Maintenance Alert', button: 'Understood' } as const;

export function MaintenanceAlert({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      title={MAINTENANCE_ALERT.title}
      footer={<Button onClick={onClose}>{MAINTENANCE_ALERT.button}</Button>}
    >
      <p>{message}</p>
    </Dialog>
  );
}
