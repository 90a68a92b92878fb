import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatMessage, ReportReason } from '../../../../protocol/chat';
import { errorMessage } from '../../../../protocol/errors';
import { local, STORAGE } from '../../../lib/storage';
import { useNow } from '../../../lib/useNow';
import { Button } from '../../../ui/Button';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ChannelList } from '../components/ChannelList';
import { Composer } from '../components/Composer';
import { ConnectionBadge } from '../components/ConnectionBadge';
import { DeleteMessageDialog } from '../components/DeleteMessageDialog';
import { MessageList } from '../components/MessageList';
import { MuteDialog } from '../components/MuteDialog';
import { ReportDialog } from '../components/ReportDialog';
import { RoomHeader } from '../components/RoomHeader';
import { useChatSession } from '../model/useChatSession';
import styles from './ChatScreen.module.css';
import { useFirstUnread, useHowlItem, useKnownNames, useReadMarker } from './useChatRoom';

/**
 * /chat, "Howl" (docs/product.md §14): the channels with unread badges, the live messages of one,
 * and the composer. `?sItemID=` (the viewer's Howl button) attaches that collectible to the composer.
 */
export default function ChatScreen() {
  const [state, session] = useChatSession();
  const [params] = useSearchParams();
  // A notification's link names the channel (?sChannelID=); else the last one the member chose.
  const [chosen, setChosen] = useState<string | null>(() => params.get('sChannelID') ?? local.get(STORAGE.chatChannel));
  const channelId = chosen && state.channels[chosen] ? chosen : (state.order[0] ?? null);
  const view = channelId ? state.channels[channelId] : undefined;
  const now = useNow(1000);

  const firstUnreadId = useFirstUnread(view);

  const [historyProblem, setHistoryProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!channelId) return;
    session.view({ channelId });
    local.set(STORAGE.chatChannel, channelId);
  }, [channelId, session]);
  const loaded = view?.loaded ?? false;
  useEffect(() => {
    if (!channelId || loaded) return;
    setHistoryProblem(null);
    session
      .loadLatest(channelId)
      .catch((error: { iErrorCode?: number }) => setHistoryProblem(errorMessage(error.iErrorCode)));
  }, [channelId, loaded, session]);

  useReadMarker(channelId, state, view, session);

  const { sItemID, item, detach } = useHowlItem();

  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [muting, setMuting] = useState<ChatMessage | null>(null);
  const onMute = useCallback((message: ChatMessage) => setMuting(message), []);
  const mute = useCallback(
    (id: number, duration: number | null, reason: string) => session.muteAuthor(id, duration, reason),
    [session],
  );
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const onEdit = useCallback((id: number, text: string) => session.edit(id, text), [session]);
  const onDelete = useCallback((message: ChatMessage) => setDeleting(message), []);
  const onReport = useCallback((message: ChatMessage) => setReporting(message), []);
  const onLoadOlder = useCallback(
    () => (channelId ? session.loadOlder(channelId) : Promise.resolve()),
    [channelId, session],
  );
  const onAtBottom = useCallback((bottom: boolean) => session.view({ atBottom: bottom }), [session]);
  const report = useCallback(
    (id: number, reason: ReportReason, note: string) => session.report(id, reason, note),
    [session],
  );

  const knownNames = useKnownNames(view, state.me?.sUserName);

  const here = channelId ? (state.here[channelId] ?? 0) : 0;
  return (
    <div className={styles.page}>
      <PageHeader
        title="Howl"
        subtitle="Talk with other members, live. Howl a collectible from its viewer to show it off."
        actions={
          <ConnectionBadge
            status={state.status}
            retryAt={state.retryAt}
            now={now}
            onRetry={() => session.reconnectNow()}
          />
        }
      />
      {state.status === 'refused' && <Notice tone="danger">{state.refusal}</Notice>}
      {!state.me || !state.rules ? (
        state.status !== 'refused' && <Loading label="Opening the channels..." />
      ) : (
        <div className={styles.layout}>
          <ChannelList
            channels={state.order.map((id) => state.channels[id]).filter((v) => v !== undefined)}
            activeId={channelId}
            onSelect={setChosen}
          />
          {view ? (
            <section className={styles.room} aria-labelledby="chat-room-title">
              <RoomHeader channel={view.channel} here={here} />
              {historyProblem && (
                <Notice tone="danger">
                  {historyProblem}{' '}
                  <Button variant="ghost" onClick={() => session.loadLatest(view.channel.sChannelID)}>
                    Try again
                  </Button>
                </Notice>
              )}
              {!view.loaded && !historyProblem ? (
                <div className={styles.loading}>
                  <Loading label="Reading the channel..." />
                </div>
              ) : (
                <MessageList
                  view={view}
                  pending={state.pending}
                  me={state.me}
                  rules={state.rules}
                  now={now}
                  firstUnreadId={firstUnreadId}
                  onLoadOlder={onLoadOlder}
                  onAtBottom={onAtBottom}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onReport={onReport}
                  onMute={onMute}
                  onRetry={(nonce) => session.retry(nonce)}
                  onDiscard={(nonce) => session.discard(nonce)}
                />
              )}
              <Composer
                view={view}
                rules={state.rules}
                mute={state.mute && (state.mute.iUntil === null || state.mute.iUntil > now) ? state.mute : null}
                online={state.status === 'online'}
                cooldownUntil={state.cooldownUntil[view.channel.sChannelID] ?? 0}
                now={now}
                attached={sItemID ? (item.data?.pItem ?? null) : null}
                attachProblem={
                  sItemID && item.isError ? 'This collectible cannot be Howled: it is not yours, or it is gone.' : null
                }
                onDetach={detach}
                knownNames={knownNames}
                onSend={(text, attached) => {
                  session.sendMessage(view.channel.sChannelID, text, attached);
                  if (attached) detach();
                  session.view({ atBottom: true });
                }}
              />
            </section>
          ) : (
            <p className="muted">There are no channels yet.</p>
          )}
        </div>
      )}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} onReport={report} />
      <MuteDialog target={muting} onClose={() => setMuting(null)} onMute={mute} />
      <DeleteMessageDialog
        target={deleting}
        myName={state.me?.sUserName}
        onClose={() => setDeleting(null)}
        onDelete={(id) => session.remove(id)}
      />
    </div>
  );
}
