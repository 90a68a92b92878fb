import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { fetchOutbox, type Outbox } from '../api/devOutbox';
import styles from './MailboxScreen.module.css';

type State = { status: 'loading' } | Outbox;

/** /dev/mailbox: the development outbox, for a person (tests read GET /api/dev/outbox directly). */
export default function MailboxScreen() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    setState(await fetchOutbox());
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  return (
    <section>
      <PageHeader
        title="Dev Mailbox"
        subtitle="Mail the portal sent while no SMTP server is configured, newest last."
        actions={
          <Button variant="secondary" onClick={load} busy={state.status === 'loading'}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </Button>
        }
      />
      {state.status === 'off' && <Notice tone="warning">The dev mailbox is off in production.</Notice>}
      {state.status === 'elsewhere' && (
        <Notice tone="warning">The dev mailbox opens only on the machine the portal runs on.</Notice>
      )}
      {state.status === 'error' && <Notice tone="danger">The outbox could not be read.</Notice>}
      {state.status === 'ready' && state.mail.length === 0 && <p className="muted">No mail yet.</p>}
      {state.status === 'ready' && (
        <ol className={styles.list}>
          {state.mail.map((mail) => (
            <li key={mail.id}>
              <Card>
                <h2 className={styles.subject}>{mail.subject}</h2>
                <p className="muted">
                  To {mail.to} · {new Date(mail.createdAt).toLocaleString()}
                </p>
                {mail.links.map((link) => (
                  <p key={link}>
                    <a href={link}>{link}</a>
                  </p>
                ))}
                <pre className={styles.body}>{mail.text}</pre>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
