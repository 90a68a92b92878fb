import { Download } from 'lucide-react';
import { Button } from '../../../../ui/Button';
import { Notice } from '../../../../ui/Notice';
import styles from './security.module.css';

/** Ten backup codes, shown once: the member keeps them (download) before leaving the screen. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  function download() {
    const text = [
      'Cthulhu Portal backup codes',
      'Each code signs you in once when your authenticator app is not at hand.',
      '',
      ...codes,
      '',
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cthulhu-portal-backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <>
      <Notice tone="warning">
        Save these backup codes now: they are shown only once. Each one signs you in once if your authenticator app is
        not at hand.
      </Notice>
      <ul className={styles.codes} aria-label="Backup codes" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.row}>
        <Button variant="secondary" onClick={download}>
          <Download size={16} aria-hidden="true" />
          Download codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </>
  );
}
