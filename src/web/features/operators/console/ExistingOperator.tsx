import type { ConsoleOperatorRow, ConsoleRole } from '../../../../protocol/console';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import styles from './ConsoleScreens.module.css';

/** Whether adding this email again is refused: an enrolled operator, or another role than theirs. */
export const addBlocked = (operator: ConsoleOperatorRow, role: ConsoleRole) =>
  operator.bTwoFactor || role !== operator.sRole;

/**
 * "Add operator" with an email that is already an operator's (issue 38): who they are and their
 * role, that adding changes nothing and mails nothing, and the explicit way to change the role.
 */
export function ExistingOperator({
  operator,
  role,
  onChangeRole,
}: {
  operator: ConsoleOperatorRow;
  role: ConsoleRole;
  onChangeRole(): void;
}) {
  return (
    <div className={styles.existing} data-testid="existing-operator">
      <Notice tone="warning">
        <strong>{operator.sEmail}</strong> is already an operator: <strong>{operator.sRole}</strong>,{' '}
        {operator.bTwoFactor ? 'two-factor enrolled' : 'not enrolled yet'}.{' '}
        {addBlocked(operator, role)
          ? 'Adding them again changes nothing and mails nothing.'
          : 'Adding them again mails a fresh link to set the password.'}
      </Notice>
      {role !== operator.sRole && (
        <Button variant="secondary" className={styles.wrapButton} onClick={onChangeRole}>
          Change their role from {operator.sRole} to {role}…
        </Button>
      )}
    </div>
  );
}
