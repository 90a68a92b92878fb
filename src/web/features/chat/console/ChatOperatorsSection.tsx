import type { ConsoleChatOperatorRow } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import styles from './ChannelsScreen.module.css';
import { chatOperatorColumns } from './channelColumns';

interface Props {
  operators: ConsoleChatOperatorRow[];
  busy: boolean;
  pending: boolean;
  /** chat:channels: the add form and each row's Remove. */
  manage: boolean;
  member: string;
  onMember: (member: string) => void;
  onAdd: (member: string) => void;
  onRemove: (operator: ConsoleChatOperatorRow) => void;
}

/** "Chat operators": members who may delete any message from the web, and the form that makes one. */
export function ChatOperatorsSection({ operators, busy, pending, manage, member, onMember, onAdd, onRemove }: Props) {
  return (
    // Not a landmark of its own: its table is the region "Chat operators" (axe: landmark-unique).
    <section className={`${shared.section} ${styles.section}`}>
      <h2 id="chat-operators-title">Chat operators</h2>
      <p className={shared.muted}>
        Members who may delete any message from the web, as <code>chat operator add</code> makes them.
      </p>
      {manage && (
        <form
          className={styles.inlineForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (member.trim()) onAdd(member.trim());
          }}
        >
          <Field
            label="Member"
            value={member}
            autoComplete="off"
            hint="A username or an email address."
            onChange={(e) => onMember(e.target.value)}
          />
          <Button type="submit" variant="secondary" className={styles.formButton}>
            Make chat operator
          </Button>
        </form>
      )}
      <DataTable
        caption="Chat operators"
        columns={chatOperatorColumns(manage ? onRemove : undefined)}
        rows={operators}
        rowId={(row) => row.sUserID}
        busy={busy}
        empty={pending ? 'Loading…' : 'No chat operators yet.'}
      />
    </section>
  );
}
