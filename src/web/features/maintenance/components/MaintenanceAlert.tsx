import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

export function MaintenanceAlert({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      title="Server Maintenance Alert"
      footer={<Button onClick={onClose}>Understood</Button>}
    >
      <p>{message}</p>
    </Dialog>
  );
}
