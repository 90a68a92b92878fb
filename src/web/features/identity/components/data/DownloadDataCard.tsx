import { Download } from 'lucide-react';
import { useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { downloadJson } from '../../../../lib/download';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Notice } from '../../../../ui/Notice';
import { getMyData } from '../../api/memberAccount';
import accountStyles from '../AccountForm.module.css';

/** One click: everything the portal holds about the member, as a JSON file shaped for a person (issue 42). */
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
        A JSON file of everything the portal holds about you, in sections: your account, collectibles, points and
        tickets, raffles, purchases, chat messages, sign-ins, games and notifications. Times are in UTC; a short guide
        at the top says what each section holds.
      </p>
      {error && <Notice tone="danger">{error}</Notice>}
      <Button variant="secondary" busy={busy} onClick={download}>
        <Download size={16} aria-hidden="true" />
        Download my data
      </Button>
    </Card>
  );
}
