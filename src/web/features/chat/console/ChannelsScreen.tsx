import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ConsoleChannelRow, ConsoleChatOperatorRow, ConsoleChatVar } from '../../../../protocol/chat';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import styles from './ChannelsScreen.module.css';

const QUERY_KEY = ['console', 'chatChannels'];

/** What each var of the screen does, in the operator's words. */
const VAR_WORDS: Record<string, { title: string; what: string }> = {
  iChatAutoSlowThreshold: {
    title: 'Automatic slow mode: trigger',
    what: 'Messages within 10 s in one channel that turn its slow mode on by itself (0: never).',
  },
  iChatAutoSlowMs: {
    title: 'Automatic slow mode: wait',
    what: 'Milliseconds between one member’s messages while automatic slow mode is on.',
  },
  iChatBurst: { title: 'Rate limit: burst', what: 'Messages a member may send at once.' },
  iChatRefillMs: { title: 'Rate limit: refill', what: 'Then one more message every this many milliseconds.' },
};

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; channel: ConsoleChannelRow }
  | { kind: 'slow'; channel: ConsoleChannelRow }
  | { kind: 'archive'; channel: ConsoleChannelRow }
  | { kind: 'restore'; channel: ConsoleChannelRow }
  | { kind: 'operatorAdd'; member: string }
  | { kind: 'operatorRemove'; operator: ConsoleChatOperatorRow }
  | null;

const slowText = (ms: number) => (ms === 0 ? 'Off' : `${formatCount(ms / 1000)} s`);
const whole = (text: string) => /^\d+$/.test(text.trim());

/** One chat limit var: its value in force, and (for admins) a field to change it, confirmed with the diff. */
function VarCard({ entry, editable, onSaved }: { entry: ConsoleChatVar; editable: boolean; onSaved(): void }) {
  const words = VAR_WORDS[entry.sVarID] ?? { title: entry.sVarID, what: '' };
  const [value, setValue] = useState(entry.sValue);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (value.trim() !== entry.sValue) setConfirming(true);
  }

  return (
    <section className={styles.var} aria-labelledby={`var-${entry.sVarID}`}>
      <h3 id={`var-${entry.sVarID}`}>{words.title}</h3>
      <p>{words.what}</p>
      <p>
        <code>{entry.sVarID}</code> now <strong className={styles.varValue}>{entry.sValue}</strong> (default{' '}
        {entry.sDefault}; accepts {entry.sHint})
      </p>
      {editable ? (
        <form className={styles.varForm} onSubmit={submit} noValidate>
          <Field
            label={`New value of ${entry.sVarID}`}
            inputMode="numeric"
            value={value}
            hint={saved ? 'Saved: members get it within seconds.' : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Save
          </Button>
        </form>
      ) : (
        <div />
      )}
      <ReasonDialog
        open={confirming}
        title={`Change ${entry.sVarID}`}
        confirmLabel="Change"
        description={
          <p className={styles.diff}>
            {entry.sVarID}: {entry.sValue} → {value.trim()}. Members’ chat follows it within seconds; the audit log
            keeps the change as <code>gamevars set</code> does.
          </p>
        }
        onClose={() => setConfirming(false)}
        onConfirm={async (sReason) => {
          await consoleCall('chatVarSet', {
            sVarID: entry.sVarID,
            sValue: value.trim(),
            sReason,
          });
          setSaved(true);
          onSaved();
        }}
      />
    </section>
  );
}

/** Chat's channels, chat operators and limit vars (issue 29): the levers of `chat channel …`, `chat operator …` and `gamevars set`. */
export default function ChannelsScreen() {
  useConsoleTitle('Chat channels');
  const queries = useQueryClient();
  const may = useOperatorMay();
  const manageChannels = may('chat:channels');
  const manageVars = may('live:manage');
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => consoleCall('chatChannels', {}, signal),
  });
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [slow, setSlow] = useState('0');
  const [slowError, setSlowError] = useState<string | null>(null);
  const [member, setMember] = useState('');

  const refresh = () => queries.invalidateQueries({ queryKey: QUERY_KEY });

  function show(next: Exclude<Open, null>) {
    setDone(null);
    setSlowError(null);
    if (next.kind === 'add') {
      setId('');
      setName('');
      setTopic('');
      setSlow('0');
    }
    if (next.kind === 'edit') {
      setName(next.channel.sName);
      setTopic(next.channel.sTopic);
    }
    if (next.kind === 'slow') setSlow(String(next.channel.iSlowModeMs / 1000));
    setOpen(next);
    setDialogOpen(true);
  }

  async function confirm(reason: string) {
    if (!open) return;
    const needsSeconds = open.kind === 'add' || open.kind === 'slow';
    if (needsSeconds && !whole(slow)) {
      setSlowError('Enter whole seconds (0: off).');
      return false;
    }
    const seconds = Number(slow.trim());
    if (open.kind === 'add') {
      await consoleCall('chatChannelAdd', {
        sChannelID: id.trim(),
        sName: name.trim() || id.trim(),
        sTopic: topic,
        iSlowModeSeconds: seconds,
        sReason: reason,
      });
      setDone(`Channel ${id.trim()} added: members see it within seconds.`);
    } else if (open.kind === 'edit') {
      const changes = {
        ...(name !== open.channel.sName ? { sName: name } : {}),
        ...(topic !== open.channel.sTopic ? { sTopic: topic } : {}),
      };
      await consoleCall('chatChannelUpdate', { sChannelID: open.channel.sChannelID, ...changes, sReason: reason });
      setDone(`Channel ${open.channel.sChannelID} saved.`);
    } else if (open.kind === 'slow') {
      await consoleCall('chatChannelSlow', {
        sChannelID: open.channel.sChannelID,
        iSlowModeSeconds: seconds,
        sReason: reason,
      });
      setDone(
        seconds === 0
          ? `Slow mode off in ${open.channel.sChannelID}.`
          : `Slow mode in ${open.channel.sChannelID}: one message per ${seconds} s per member.`,
      );
    } else if (open.kind === 'archive' || open.kind === 'restore') {
      await consoleCall(open.kind === 'archive' ? 'chatChannelArchive' : 'chatChannelRestore', {
        sChannelID: open.channel.sChannelID,
        sReason: reason,
      });
      setDone(
        open.kind === 'archive'
          ? `Channel ${open.channel.sChannelID} archived: members no longer see it; its history is kept.`
          : `Channel ${open.channel.sChannelID} restored.`,
      );
    } else {
      const answer = await consoleCall(open.kind === 'operatorAdd' ? 'chatOperatorAdd' : 'chatOperatorRemove', {
        sMember: open.kind === 'operatorAdd' ? open.member : open.operator.sUserID,
        sReason: reason,
      });
      setDone(answer.sMessage ?? 'Done.');
      if (open.kind === 'operatorAdd') setMember('');
    }
    await refresh();
  }

  const channelColumns: ColumnDef<ConsoleChannelRow, unknown>[] = [
    {
      id: 'channel',
      header: 'Channel',
      cell: ({ row }) => (
        <span className={styles.channelName}>
          <span>{row.original.sName}</span>
          <small>#{row.original.sChannelID}</small>
        </span>
      ),
    },
    {
      id: 'topic',
      header: 'Topic',
      cell: ({ row }) => <span className={styles.topic}>{row.original.sTopic || '—'}</span>,
    },
    { id: 'slow', header: 'Slow mode', cell: ({ row }) => slowText(row.original.iSlowModeMs) },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) =>
        row.original.iArchivedAt === null ? (
          <span className={styles.open}>Open</span>
        ) : (
          <span className={styles.archived}>Archived {formatWhen(row.original.iArchivedAt)}</span>
        ),
    },
    ...(manageChannels
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }: { row: { original: ConsoleChannelRow } }) => {
              const channel = row.original;
              return (
                <div className={shared.rowActions}>
                  <button type="button" className={shared.small} onClick={() => show({ kind: 'edit', channel })}>
                    {/* The name starts with the words shown (axe: label-content-name-mismatch): "Edit general". */}
                    Edit<span className="visually-hidden"> {channel.sChannelID}: rename or change the topic</span>
                  </button>
                  <button type="button" className={shared.small} onClick={() => show({ kind: 'slow', channel })}>
                    Slow mode<span className="visually-hidden"> of {channel.sChannelID}</span>
                  </button>
                  {channel.iArchivedAt === null ? (
                    <button
                      type="button"
                      className={`${shared.small} ${styles.danger}`}
                      onClick={() => show({ kind: 'archive', channel })}
                    >
                      Archive<span className="visually-hidden"> {channel.sChannelID}</span>
                    </button>
                  ) : (
                    <button type="button" className={shared.small} onClick={() => show({ kind: 'restore', channel })}>
                      Restore<span className="visually-hidden"> {channel.sChannelID}</span>
                    </button>
                  )}
                </div>
              );
            },
          } satisfies ColumnDef<ConsoleChannelRow, unknown>,
        ]
      : []),
  ];

  const operatorColumns: ColumnDef<ConsoleChatOperatorRow, unknown>[] = [
    { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUsername || row.original.sUserID },
    { id: 'since', header: 'Since', cell: ({ row }) => formatWhen(row.original.iGrantedAt) },
    { id: 'by', header: 'Made one by', cell: ({ row }) => row.original.sGrantedBy },
    ...(manageChannels
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }: { row: { original: ConsoleChatOperatorRow } }) => (
              <button
                type="button"
                className={`${shared.small} ${styles.danger}`}
                onClick={() => show({ kind: 'operatorRemove', operator: row.original })}
              >
                Remove<span className="visually-hidden"> {row.original.sUsername} as chat operator</span>
              </button>
            ),
          } satisfies ColumnDef<ConsoleChatOperatorRow, unknown>,
        ]
      : []),
  ];

  if (list.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Chat channels" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
      </div>
    );
  }

  const title = !open
    ? ''
    : open.kind === 'add'
      ? 'Add a channel'
      : open.kind === 'edit'
        ? `Edit #${open.channel.sChannelID}`
        : open.kind === 'slow'
          ? `Slow mode of #${open.channel.sChannelID}`
          : open.kind === 'archive'
            ? `Archive #${open.channel.sChannelID}`
            : open.kind === 'restore'
              ? `Restore #${open.channel.sChannelID}`
              : open.kind === 'operatorAdd'
                ? `Make ${open.member} a chat operator`
                : `Remove ${open.operator.sUsername} as chat operator`;

  const slowField = (
    <Field
      label="Slow mode (seconds)"
      inputMode="numeric"
      value={slow}
      error={slowError ?? undefined}
      hint="One message per member per this many seconds; 0: off."
      onChange={(e) => setSlow(e.target.value)}
    />
  );

  return (
    <div className={shared.screen}>
      <PageHeader
        title="Chat channels"
        subtitle="The channels members see in /chat, the members who moderate from the web, and chat’s limits."
        actions={manageChannels ? <Button onClick={() => show({ kind: 'add' })}>Add channel</Button> : undefined}
      />
      {done && <Notice tone="success">{done}</Notice>}
      <DataTable
        caption={list.data ? `Channels (${list.data.aChannels.length}, archived ones included)` : 'Channels'}
        columns={channelColumns}
        rows={list.data?.aChannels ?? []}
        rowId={(row) => row.sChannelID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No channels yet.'}
      />

      {/* Not a landmark of its own: its table is the region "Chat operators" (axe: landmark-unique). */}
      <section className={`${shared.section} ${styles.section}`}>
        <h2 id="chat-operators-title">Chat operators</h2>
        <p className={shared.muted}>
          Members who may delete any message from the web, as <code>chat operator add</code> makes them.
        </p>
        {manageChannels && (
          <form
            className={styles.inlineForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (member.trim()) show({ kind: 'operatorAdd', member: member.trim() });
            }}
          >
            <Field
              label="Member"
              value={member}
              autoComplete="off"
              hint="A username or an email address."
              onChange={(e) => setMember(e.target.value)}
            />
            <Button type="submit" variant="secondary" className={styles.formButton}>
              Make chat operator
            </Button>
          </form>
        )}
        <DataTable
          caption="Chat operators"
          columns={operatorColumns}
          rows={list.data?.aOperators ?? []}
          rowId={(row) => row.sUserID}
          busy={list.isFetching}
          empty={list.isPending ? 'Loading…' : 'No chat operators yet.'}
        />
      </section>

      <section className={`${shared.section} ${styles.section}`} aria-labelledby="chat-limits-title">
        <h2 id="chat-limits-title">Slow mode and rate limits</h2>
        <p className={shared.muted}>
          Game vars chat reads (the same as <code>gamevars set</code>).
          {manageVars ? '' : ' Only admins change them.'}
        </p>
        <div className={styles.vars}>
          {list.data?.aVars.map((entry) => (
            <VarCard key={`${entry.sVarID}:${entry.sValue}`} entry={entry} editable={manageVars} onSaved={refresh} />
          ))}
        </div>
      </section>

      <ReasonDialog
        open={dialogOpen}
        title={title}
        danger={open?.kind === 'archive' || open?.kind === 'operatorRemove'}
        confirmLabel={
          open?.kind === 'add'
            ? 'Add channel'
            : open?.kind === 'archive'
              ? 'Archive'
              : open?.kind === 'restore'
                ? 'Restore'
                : open?.kind === 'operatorAdd'
                  ? 'Make chat operator'
                  : open?.kind === 'operatorRemove'
                    ? 'Remove'
                    : 'Save'
        }
        description={
          open?.kind === 'archive' ? (
            <p>Members no longer see the channel; its history is kept and it can be restored.</p>
          ) : undefined
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      >
        {open?.kind === 'add' && (
          <>
            <Field
              label="Channel id"
              value={id}
              autoComplete="off"
              hint="2–32 lower-case letters, digits or -; it shows as #id."
              onChange={(e) => setId(e.target.value)}
            />
            <Field label="Name" value={name} hint="Empty: the id." onChange={(e) => setName(e.target.value)} />
          </>
        )}
        {open?.kind === 'edit' && <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} />}
        {(open?.kind === 'add' || open?.kind === 'edit') && (
          <Field label="Topic" value={topic} onChange={(e) => setTopic(e.target.value)} />
        )}
        {(open?.kind === 'add' || open?.kind === 'slow') && slowField}
      </ReasonDialog>
    </div>
  );
}
