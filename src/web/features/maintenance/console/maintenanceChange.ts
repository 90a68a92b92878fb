import type { ConsoleActionInput } from '../../../../protocol/actions';
import type { ConsoleSettingsAnswer } from '../../../../protocol/maintenance';
import type { Proposal } from './MemberPreview';

type MaintenanceState = ConsoleSettingsAnswer['pMaintenance'];

/**
 * What happens to the message when maintenance ends, the CLI's three choices of `maintenance off`:
 * cleared (its default), `--keep-message`, or `--message TEXT`.
 */
export type Ending = 'clear' | 'keep' | 'replace';

/** The operator's form: the state asked for and, when it ends maintenance, what becomes of the message. */
export interface MaintenanceForm extends Proposal {
  ending: Ending;
}

/** Whether the form ends maintenance that is on now (then the ending choice applies). */
export const endsMaintenance = (current: MaintenanceState, form: MaintenanceForm) => current.bMaintenance && !form.on;

/** What members will get once the form is applied, as the server's changeMaintenance decides it. */
export function outcome(current: MaintenanceState, form: MaintenanceForm): Proposal {
  if (!endsMaintenance(current, form)) return { on: form.on, message: form.message.trim() };
  const message = form.ending === 'clear' ? '' : form.ending === 'keep' ? current.sMessage : form.message.trim();
  return { on: false, message };
}

/** The form differs from what members get now (ending maintenance always does). */
export function formChanges(current: MaintenanceState, form: MaintenanceForm): boolean {
  if (endsMaintenance(current, form)) return true;
  const next = outcome(current, form);
  return next.on !== current.bMaintenance || next.message !== current.sMessage;
}

/** The body of maintenanceSet: the same three choices `maintenance off` has, no message field when cleared. */
export function maintenanceSetBody(
  current: MaintenanceState,
  form: MaintenanceForm,
): Omit<ConsoleActionInput<'maintenanceSet'>, 'sReason'> {
  if (!endsMaintenance(current, form)) return { bMaintenance: form.on, sMessage: form.message.trim() };
  if (form.ending === 'keep') return { bMaintenance: false, bKeepMessage: true };
  if (form.ending === 'replace') return { bMaintenance: false, sMessage: form.message.trim() };
  return { bMaintenance: false };
}

/** The form as members get it now: nothing to apply. */
export const formFrom = (current: MaintenanceState): MaintenanceForm => ({
  on: current.bMaintenance,
  message: current.sMessage,
  ending: 'clear',
});
