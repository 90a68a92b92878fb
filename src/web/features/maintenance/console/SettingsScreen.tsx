import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FLAG_EFFECTS, type FlagName } from '../../../../protocol/flags';
import type { ConsoleSettingsAnswer } from '../../../../protocol/maintenance';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { FlagsSection } from './FlagsSection';
import { MaintenanceFormFields } from './MaintenanceForm';
import { MemberPreview } from './MemberPreview';
import { formChanges, formFrom, type MaintenanceForm, maintenanceSetBody, outcome } from './maintenanceChange';
import styles from './SettingsScreen.module.css';

const QUERY_KEY = ['console', 'settings'];

type Current = ConsoleSettingsAnswer['pMaintenance'];
type Open = { kind: 'maintenance'; form: MaintenanceForm } | { kind: 'flag'; name: FlagName; on: boolean } | null;

function dialogTitle(open: Open, current: Current | undefined): string {
  if (open?.kind === 'flag') return `Switch ${open.name} ${open.on ? 'on' : 'off'}`;
  if (open?.kind !== 'maintenance') return '';
  if (open.form.on) return 'Turn maintenance on';
  return current?.bMaintenance ? 'End maintenance' : 'Change the maintenance message';
}

/** Maintenance on/off with its message, previewed as members will see it, and the feature flags (issue 29). */
export default function SettingsScreen() {
  useConsoleTitle('Maintenance & flags');
  const may = useOperatorMay();
  const canChange = may('live:manage');
  const queries = useQueryClient();
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => consoleCall('settingsShow', {}, signal),
  });
  const current = settings.data?.pMaintenance;
  const [form, setForm] = useState<MaintenanceForm>({ on: false, message: '', ending: 'clear' });
  // The form starts from what members get now, and again after each change.
  useEffect(() => {
    if (current) setForm(formFrom(current));
  }, [current]);
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const changed = current !== undefined && formChanges(current, form);

  function show(next: Open) {
    setDone(null);
    setOpen(next);
    setDialogOpen(next !== null);
  }

  async function confirm(reason: string) {
    if (open?.kind === 'maintenance' && current) {
      const body = { ...maintenanceSetBody(current, open.form), sReason: reason };
      const answer = await consoleCall('maintenanceSet', body);
      setDone(`${answer.sSummary}.`);
    } else if (open?.kind === 'flag') {
      await consoleCall('flagSet', { sName: open.name, bOn: open.on, sReason: reason });
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
          <MaintenanceFormFields
            current={current}
            form={form}
            onChange={setForm}
            onReview={() => show({ kind: 'maintenance', form })}
          />
        )}
        <section className={styles.preview} aria-labelledby="preview-title">
          <h3 id="preview-title">{changed ? 'What members will see' : 'What members see now'}</h3>
          {current !== undefined && (
            <MemberPreview
              proposal={changed ? outcome(current, form) : { on: current.bMaintenance, message: current.sMessage }}
            />
          )}
        </section>
      </section>

      <FlagsSection
        flags={settings.data?.pFlags}
        canChange={canChange}
        onSwitch={(name, on) => show({ kind: 'flag', name, on })}
      />

      <ReasonDialog
        open={dialogOpen}
        title={dialogTitle(open, current)}
        danger={(open?.kind === 'maintenance' && open.form.on) || (open?.kind === 'flag' && !open.on)}
        confirmLabel={
          open?.kind === 'maintenance'
            ? 'Apply now'
            : open?.kind === 'flag'
              ? `Switch ${open.on ? 'on' : 'off'}`
              : 'Apply'
        }
        description={
          open?.kind === 'maintenance' && current ? (
            <>
              <p>Members notice this at once:</p>
              <MemberPreview proposal={outcome(current, open.form)} />
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
