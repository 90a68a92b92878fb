import { Download } from 'lucide-react';
import { useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { downloadJson } from '../../../../lib/download';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Notice } from '../../../../ui/Notice';
import { getMyData } from '../../api/memberAccount';
import accountStyles from '../AccountForm.module.css';

/** One click: everything the portal holds about the member, as a JSON file. */
export default function DownloadDataCard() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    const answer = await getMyData();
    setBusy(false);
    if (answer?.iErrorCode !== ErrorCode.OK) {
      setError(errorMessage(answer?.iErrorCode));
      return;
    }
    downloadJson(`cthulhu-portal-data-${new Date().toISOString().slice(0, 10)}.json`, answer.pData);
  }

  return (
    <Card className={accountStyles.card}>
      <h2>Your data</h2>
      <p className={accountStyles.intro}>
        A JSON file of everything the portal holds about you: profile, sessions, collectibles, points and tickets,
        purchases, raffles, games, chat messages, notices and the friends you invited.
      </p>
      {error && <Notice tone="danger">{error}</Notice>}
      <Button variant="secondary" busy={busy} onClick={download}>
        <Download size={16} aria-hidden="true" />
        Download my data
      </Button>
    </Card>
  );
}
