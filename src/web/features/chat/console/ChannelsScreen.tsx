import { useState } from 'react';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useChatChannels, useChatLevers } from './api';
import { ChannelDialog, type ChannelForm, type ChannelOpen } from './ChannelDialog';
import styles from './ChannelsScreen.module.css';
import { ChatOperatorsSection } from './ChatOperatorsSection';
import { channelColumns } from './channelColumns';
import { VarCard } from './VarCard';

const whole = (text: string) => /^\d+$/.test(text.trim());

/** Chat's channels, chat operators and limit vars (issue 29): the levers of `chat channel …`, `chat operator …` and `gamevars set`. */
export default function ChannelsScreen() {
  useConsoleTitle('Chat channels');
  const may = useOperatorMay();
  const manageChannels = may('chat:channels');
  const manageVars = may('live:manage');
  const list = useChatChannels();
  const levers = useChatLevers();
  const [open, setOpen] = useState<ChannelOpen>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [form, setForm] = useState<ChannelForm>({ id: '', name: '', topic: '', slow: '0' });
  const [slowError, setSlowError] = useState<string | null>(null);
  const [member, setMember] = useState('');
  const patch = (change: Partial<ChannelForm>) => setForm((f) => ({ ...f, ...change }));

  function show(next: Exclude<ChannelOpen, null>) {
    setDone(null);
    setSlowError(null);
    if (next.kind === 'add') setForm({ id: '', name: '', topic: '', slow: '0' });
    if (next.kind === 'edit') patch({ name: next.channel.sName, topic: next.channel.sTopic });
    if (next.kind === 'slow') patch({ slow: String(next.channel.iSlowModeMs / 1000) });
    setOpen(next);
    setDialogOpen(true);
  }

  async function confirm(reason: string) {
    if (!open) return;
    const needsSeconds = open.kind === 'add' || open.kind === 'slow';
    if (needsSeconds && !whole(form.slow)) {
      setSlowError('Enter whole seconds (0: off).');
      return false;
    }
    setDone(await pull(open, Number(form.slow.trim()), reason));
    if (open.kind === 'operatorAdd') setMember('');
    await levers.refresh();
  }

  /** Pulls the confirmed lever; answers what the screen then says. */
  async function pull(lever: Exclude<ChannelOpen, null>, seconds: number, reason: string): Promise<string> {
    const { id, name, topic } = form;
    switch (lever.kind) {
      case 'add':
        await levers.addChannel(
          { sChannelID: id.trim(), sName: name.trim() || id.trim(), sTopic: topic, iSlowModeSeconds: seconds },
          reason,
        );
        return `Channel ${id.trim()} added: members see it within seconds.`;
      case 'edit': {
        const { sChannelID, sName, sTopic } = lever.channel;
        const changes = { ...(name !== sName ? { sName: name } : {}), ...(topic !== sTopic ? { sTopic: topic } : {}) };
        await levers.updateChannel(sChannelID, changes, reason);
        return `Channel ${sChannelID} saved.`;
      }
      case 'slow':
        await levers.slowChannel(lever.channel.sChannelID, seconds, reason);
        return seconds === 0
          ? `Slow mode off in ${lever.channel.sChannelID}.`
          : `Slow mode in ${lever.channel.sChannelID}: one message per ${seconds} s per member.`;
      case 'archive':
        await levers.archiveChannel(lever.channel.sChannelID, reason);
        return `Channel ${lever.channel.sChannelID} archived: members no longer see it; its history is kept.`;
      case 'restore':
        await levers.restoreChannel(lever.channel.sChannelID, reason);
        return `Channel ${lever.channel.sChannelID} restored.`;
      case 'operatorAdd':
        return (await levers.addOperator(lever.member, reason)).sMessage ?? 'Done.';
      case 'operatorRemove':
        return (await levers.removeOperator(lever.operator.sUserID, reason)).sMessage ?? 'Done.';
    }
  }

  if (list.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Chat channels" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
      </div>
    );
  }

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
        columns={channelColumns(manageChannels ? show : undefined)}
        rows={list.data?.aChannels ?? []}
        rowId={(row) => row.sChannelID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No channels yet.'}
      />

      <ChatOperatorsSection
        operators={list.data?.aOperators ?? []}
        busy={list.isFetching}
        pending={list.isPending}
        manage={manageChannels}
        member={member}
        onMember={setMember}
        onAdd={(name) => show({ kind: 'operatorAdd', member: name })}
        onRemove={(operator) => show({ kind: 'operatorRemove', operator })}
      />

      <section className={`${shared.section} ${styles.section}`} aria-labelledby="chat-limits-title">
        <h2 id="chat-limits-title">Slow mode and rate limits</h2>
        <p className={shared.muted}>
          Game vars chat reads (the same as <code>gamevars set</code>).
          {manageVars ? '' : ' Only admins change them.'}
        </p>
        <div className={styles.vars}>
          {list.data?.aVars.map((entry) => (
            <VarCard
              key={`${entry.sVarID}:${entry.sValue}`}
              entry={entry}
              editable={manageVars}
              onSaved={levers.refresh}
            />
          ))}
        </div>
      </section>

      <ChannelDialog
        open={open}
        dialogOpen={dialogOpen}
        form={form}
        onForm={patch}
        slowError={slowError}
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
