import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FLAG_EFFECTS, FLAG_NAMES, type FlagName } from '../../../../protocol/flags';
import type {
  ConsoleFlagSetAnswer,
  ConsoleMaintenanceSetAnswer,
  ConsoleSettingsAnswer,
} from '../../../../protocol/maintenance';
import { ROUTES } from '../../../../protocol/routes';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { MAINTENANCE_ALERT } from '../components/MaintenanceAlert';
import { MaintenanceNotice } from '../components/MaintenanceNotice';
import { decideMaintenance } from '../model/decide';
import styles from './SettingsScreen.module.css';

const QUERY_KEY = ['console', 'settings'];

interface Proposal {
  on: boolean;
  message: string;
}

/**
 * What a member's tab does with this maintenance state: the member's own decision
 * (decideMaintenance, on /home, no alert shown yet) rendered with the member's own components.
 */
function MemberPreview({ proposal }: { proposal: Proposal }) {
  const decision = decideMaintenance(
    { iErrorCode: 0, bMaintenance: proposal.on, sMessage: proposal.message },
    ROUTES.home,
    Date.now(),
    null,
  );
  if (decision.redirect === ROUTES.maintenance) {
    return (
      <>
        <p className={styles.lead}>
          Every open member tab goes to <code>/maintenance</code> within seconds, and every member action is refused
          until maintenance ends. The page reads:
        </p>
        <div className={styles.frame} data-preview="maintenance-page">
          <MaintenanceNotice message={proposal.message.trim()} sub />
        </div>
      </>
    );
  }
  if (decision.alert) {
    return (
      <>
        <p className={styles.lead}>
          The portal stays open. On their next page load, members see this alert (again at most every 5 minutes):
        </p>
        <div className={styles.alert} data-preview="maintenance-alert">
          <p className={styles.alertTitle}>{MAINTENANCE_ALERT.title}</p>
          <p>{decision.alert}</p>
          <span className={styles.fakeButton} aria-hidden="true">
            {MAINTENANCE_ALERT.button}
          </span>
        </div>
      </>
    );
  }
  return (
    <p className={styles.lead} data-preview="nothing">
      The portal is open and members see no alert.
    </p>
  );
}

type Open = { kind: 'maintenance'; proposal: Proposal } | { kind: 'flag'; name: FlagName; on: boolean } | null;

/** Maintenance on/off with its message, previewed as members will see it, and the feature flags (issue 29). */
export default function SettingsScreen() {
  useConsoleTitle('Maintenance & flags');
  const may = useOperatorMay();
  const canChange = may('live:manage');
  const queries = useQueryClient();
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => consoleCall<ConsoleSettingsAnswer>('settingsShow', {}, signal),
  });
  const current = settings.data?.pMaintenance;
  const [proposal, setProposal] = useState<Proposal>({ on: false, message: '' });
  // The form starts from what members get now, and again after each change.
  useEffect(() => {
    if (current) setProposal({ on: current.bMaintenance, message: current.sMessage });
  }, [current]);
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const messageId = useId();
  const stateName = useId();

  const changed =
    current !== undefined && (proposal.on !== current.bMaintenance || proposal.message.trim() !== current.sMessage);

  function show(next: Open) {
    setDone(null);
    setOpen(next);
    setDialogOpen(next !== null);
  }

  async function confirm(reason: string) {
    if (open?.kind === 'maintenance') {
      const answer = await consoleCall<ConsoleMaintenanceSetAnswer>('maintenanceSet', {
        bMaintenance: open.proposal.on,
        sMessage: open.proposal.message.trim(),
        sReason: reason,
      });
      setDone(`${answer.sSummary}.`);
    } else if (open?.kind === 'flag') {
      await consoleCall<ConsoleFlagSetAnswer>('flagSet', { sName: open.name, bOn: open.on, sReason: reason });
      setDone(`${open.name} is ${open.on ? 'on' : 'off'}. ${FLAG_EFFECTS[open.name][open.on ? 'on' : 'off']}`);
    }
    await queries.invalidateQueries({ queryKey: QUERY_KEY });
  }

  if (settings.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Maintenance & flags" />
        <Notice tone="danger">{(settings.error as ConsoleError).message}</Notice>
      </div>
    );
  }

  const flags = settings.data?.pFlags;
  const dialogTitle =
    open?.kind === 'maintenance'
      ? open.proposal.on
        ? 'Turn maintenance on'
        : current?.bMaintenance
          ? 'End maintenance'
          : 'Change the maintenance message'
      : open?.kind === 'flag'
        ? `Switch ${open.name} ${open.on ? 'on' : 'off'}`
        : '';

  return (
    <div className={shared.screen}>
      <PageHeader
        title="Maintenance & flags"
        subtitle="What every member gets now: the portal open or asleep, and which features are on."
      />
      {done && <Notice tone="success">{done}</Notice>}

      <section className={`${shared.section} ${styles.section}`} aria-labelledby="maintenance-title">
        <h2 id="maintenance-title">Maintenance</h2>
        <p className={styles.status} data-testid="maintenance-status">
          {current === undefined ? (
            'Loading…'
          ) : (
            <>
              Maintenance is <strong>{current.bMaintenance ? 'on' : 'off'}</strong>
              {current.sMessage ? <>: “{current.sMessage}”</> : ', with no message.'}
            </>
          )}
        </p>
        {canChange && current !== undefined && (
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              if (changed) show({ kind: 'maintenance', proposal: { ...proposal, message: proposal.message.trim() } });
            }}
          >
            <fieldset className={styles.choice}>
              <legend>Portal</legend>
              <label>
                <input
                  type="radio"
                  name={stateName}
                  checked={!proposal.on}
                  onChange={() => setProposal((p) => ({ ...p, on: false }))}
                />
                Open
              </label>
              <label>
                <input
                  type="radio"
                  name={stateName}
                  checked={proposal.on}
                  onChange={() => setProposal((p) => ({ ...p, on: true }))}
                />
                In maintenance
              </label>
            </fieldset>
            <div className={styles.field}>
              <label htmlFor={messageId}>Message</label>
              <textarea
                id={messageId}
                rows={2}
                maxLength={500}
                value={proposal.message}
                aria-describedby={`${messageId}-hint`}
                onChange={(event) => setProposal((p) => ({ ...p, message: event.target.value }))}
              />
              <span id={`${messageId}-hint`} className={styles.muted}>
                In maintenance: shown on /maintenance. Open: an alert of maintenance to come; leave it empty for none.
              </span>
            </div>
            <div className={styles.formActions}>
              <Button type="submit" disabled={!changed}>
                Review and apply…
              </Button>
              {changed && (
                <Button
                  variant="ghost"
                  onClick={() => setProposal({ on: current.bMaintenance, message: current.sMessage })}
                >
                  Reset
                </Button>
              )}
            </div>
          </form>
        )}
        <section className={styles.preview} aria-labelledby="preview-title">
          <h3 id="preview-title">{changed ? 'What members will see' : 'What members see now'}</h3>
          {current !== undefined && (
            <MemberPreview proposal={changed ? proposal : { on: current.bMaintenance, message: current.sMessage }} />
          )}
        </section>
      </section>

      <section className={`${shared.section} ${styles.section}`} aria-labelledby="flags-title">
        <h2 id="flags-title">Feature flags</h2>
        <p className={styles.muted}>
          The specification’s four flags, then the portal’s own. The server applies a change to every request at once;
          an open member tab shows it at its next page load.
        </p>
        <ul className={styles.flags}>
          {FLAG_NAMES.map((name) => {
            const on = flags?.[name];
            const effect = FLAG_EFFECTS[name];
            return (
              <li key={name} className={styles.flag} data-flag={name}>
                <div className={styles.flagHead}>
                  <code className={styles.flagName}>{name}</code>
                  <span className={styles.tag}>{effect.spec ? 'specification' : 'portal'}</span>
                  <span className={on ? styles.on : styles.off}>{on === undefined ? '…' : on ? 'On' : 'Off'}</span>
                  {canChange && on !== undefined && (
                    <Button
                      variant="secondary"
                      className={styles.flagButton}
                      aria-label={`Switch ${name} ${on ? 'off' : 'on'}`}
                      onClick={() => show({ kind: 'flag', name, on: !on })}
                    >
                      Switch {on ? 'off' : 'on'}
                    </Button>
                  )}
                </div>
                <dl className={styles.effects}>
                  <dt>On</dt>
                  <dd>{effect.on}</dd>
                  <dt>Off</dt>
                  <dd>{effect.off}</dd>
                </dl>
              </li>
            );
          })}
        </ul>
      </section>

      <ReasonDialog
        open={dialogOpen}
        title={dialogTitle}
        danger={(open?.kind === 'maintenance' && open.proposal.on) || (open?.kind === 'flag' && !open.on)}
        confirmLabel={
          open?.kind === 'maintenance'
            ? 'Apply now'
            : open?.kind === 'flag'
              ? `Switch ${open.on ? 'on' : 'off'}`
              : 'Apply'
        }
        description={
          open?.kind === 'maintenance' ? (
            <>
              <p>Members notice this at once:</p>
              <MemberPreview proposal={open.proposal} />
            </>
          ) : open?.kind === 'flag' ? (
            <p>Members notice this at once: {FLAG_EFFECTS[open.name][open.on ? 'on' : 'off']}</p>
          ) : undefined
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
