import type { ConsoleInviteRow } from '../../../../protocol/consoleInvites';
import { formatWhen } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Notice } from '../../../ui/Notice';
import { saveCsv } from './invites';

/** The codes just made, listed and downloadable once (the list shows them among the others). */
export function CreatedCodes({ created }: { created: ConsoleInviteRow[] }) {
  return (
    <Notice tone="success">
      <p>
        {created.length === 1 ? 'One code' : `${created.length} codes`} made, each for {created[0]?.iMaxUses}{' '}
        {created[0]?.iMaxUses === 1 ? 'use' : 'uses'}
        {created[0]?.sEmail ? ` by ${created[0].sEmail}` : ''}
        {created[0]?.iExpiresAt ? `, until ${formatWhen(created[0].iExpiresAt)}` : ''}:
      </p>
      <ul className={shared.codes} aria-label="New invite codes">
        {created.map((row) => (
          <li key={row.sCode}>{row.sCode}</li>
        ))}
      </ul>
      <button type="button" className={shared.small} onClick={() => saveCsv('new-invites', created)}>
        Download these codes (CSV)
      </button>
    </Notice>
  );
}

/** Whether registering needs a code, and (live:manage) the switch. */
export function RegistrationPanel({
  inviteOnly,
  onSwitch,
}: {
  inviteOnly?: boolean;
  onSwitch?: (on: boolean) => void;
}) {
  return (
    <section className={shared.panel} aria-labelledby="invite-only-title">
      <div>
        <h2 id="invite-only-title">Registration</h2>
        <p>
          {inviteOnly === undefined
            ? 'Registration: …'
            : inviteOnly
              ? 'Invite-only is on: registering needs a code.'
              : 'Invite-only is off: anyone may register, a code is optional.'}
        </p>
      </div>
      {onSwitch && inviteOnly !== undefined && (
        <Button variant="secondary" onClick={() => onSwitch(!inviteOnly)}>
          {inviteOnly ? 'Turn invite-only off' : 'Turn invite-only on'}
        </Button>
      )}
    </section>
  );
}
