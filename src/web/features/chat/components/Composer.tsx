import { Eye, PenLine, SendHorizontal, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { type ChatItemCard, type ChatMute, type ChatRules, mentionAtCaret } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { Notice } from '../../../ui/Notice';
import { useMentionSuggestions } from '../api/chat';
import type { ChannelView } from '../model/state';
import { fullTime, waitLabel } from '../model/time';
import styles from './Composer.module.css';
import { HowlCard } from './HowlCard';

const SUGGESTIONS_MAX = 8;

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export interface ComposerProps {
  view: ChannelView;
  rules: ChatRules;
  mute: ChatMute | null;
  online: boolean;
  /** Until when (client clock) the member must wait in this channel, if at all. */
  cooldownUntil: number;
  now: number;
  attached: ChatItemCard | null;
  attachProblem: string | null;
  onDetach(): void;
  /** Usernames seen in the channel, suggested first. */
  knownNames: string[];
  onSend(text: string, item: ChatItemCard | null): void;
}

/** Writing a message: markdown with a preview, @mention autocomplete, the Howled collectible, and why one may not send. */
export function Composer(props: ComposerProps) {
  const { view, rules, mute, now, attached } = props;
  const [text, setText] = useState('');
  const [preview, setPreview] = useState(false);
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();

  const mention = mentionAtCaret(text, caret);
  const open = mention !== null && dismissed !== mention.start && !preview;
  const prefix = useDeferredValue(open && mention.prefix.length > 0 ? mention.prefix : null);
  const remote = useMentionSuggestions(prefix);
  const suggestions = useMemo(() => {
    if (!open) return [];
    const wanted = mention.prefix.toLowerCase();
    const names = [...props.knownNames, ...(remote.data?.aUserNames ?? [])];
    const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
    return unique.filter((n) => n.toLowerCase().startsWith(wanted)).slice(0, SUGGESTIONS_MAX);
  }, [open, mention?.prefix, props.knownNames, remote.data]);
  const listOpen = suggestions.length > 0;

  const cooldown = Math.max(0, props.cooldownUntil - now);
  const tooLong = text.length > rules.iMaxLength;
  const empty = text.trim().length === 0 && !attached;
  const canSend = !mute && cooldown === 0 && !tooLong && !empty;

  const accept = (name: string) => {
    if (!mention) return;
    const next = `${text.slice(0, mention.start)}@${name} ${text.slice(caret)}`;
    const at = mention.start + name.length + 2;
    setText(next);
    setCaret(at);
    requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
  };

  const send = () => {
    if (!canSend) return;
    props.onSend(text.trim(), attached);
    setText('');
    setCaret(0);
    setPreview(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        accept(suggestions[Math.min(highlight, suggestions.length - 1)] as string);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(mention?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const track = (event: React.SyntheticEvent<HTMLTextAreaElement>) => setCaret(event.currentTarget.selectionStart);

  if (mute) return <MutedNotice mute={mute} />;

  const slow = view.channel.iSlowModeMs;
  return (
    <div className={styles.composer}>
      {slow > 0 && (
        <p className={styles.slow}>
          {view.channel.bAutoSlow ? 'The channel is busy: slow mode' : 'Slow mode'} is on, one message every{' '}
          {waitLabel(slow)} per member.
        </p>
      )}
      {(attached || props.attachProblem) && (
        <Attachment attached={attached} problem={props.attachProblem} onDetach={props.onDetach} />
      )}
      <div className={styles.box}>
        <label htmlFor={inputId} className="visually-hidden">
          Message #{view.channel.sName}
        </label>
        {preview ? (
          <div className={styles.preview} aria-live="polite">
            {text.trim() ? <LazyMarkdown>{text}</LazyMarkdown> : <p className="muted">Nothing to preview yet.</p>}
          </div>
        ) : (
          <textarea
            id={inputId}
            ref={input}
            className={styles.input}
            value={text}
            rows={2}
            placeholder={attached ? 'Say something about it (optional)…' : `Message #${view.channel.sName}`}
            aria-describedby={hintId}
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={listOpen ? `${listId}-${highlight}` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              setHighlight(0);
            }}
            onSelect={track}
            onClick={track}
            onKeyDown={onKeyDown}
          />
        )}
        {listOpen && <SuggestionList listId={listId} names={suggestions} highlight={highlight} onPick={accept} />}
        <div className={styles.actions}>
          <button type="button" className={styles.toggle} aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? <PenLine size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
            {preview ? 'Write' : 'Preview'}
          </button>
          <span className={`${styles.count} ${tooLong ? styles.over : ''} tabular`} aria-live="polite">
            {text.length > rules.iMaxLength * 0.8 ? `${text.length} / ${rules.iMaxLength}` : ''}
          </span>
          <Button onClick={send} disabled={!canSend} aria-label="Send">
            <SendHorizontal size={18} aria-hidden="true" />
            <span className={styles.sendLabel}>Send</span>
          </Button>
        </div>
      </div>
      <p id={hintId} className={styles.hint} aria-live="polite">
        {cooldown > 0
          ? `${slow > 0 ? 'Slow mode: you' : 'You'} can write again in ${waitLabel(cooldown)}.`
          : props.online
            ? 'Enter sends, Shift+Enter starts a new line. Markdown works; @name mentions a member.'
            : 'Reconnecting… what you send now goes out when the connection is back.'}
      </p>
    </div>
  );
}

function MutedNotice({ mute }: { mute: ChatMute }) {
  return (
    <div className={styles.composer}>
      <Notice tone="warning">
        <strong>You are muted</strong>{' '}
        {mute.iUntil === null ? 'until an operator lifts it' : `until ${fullTime(mute.iUntil)}`}
        {mute.sReason ? `. Reason: ${sentence(mute.sReason)}` : '.'} You can read the channels, but not write in them.
      </Notice>
    </div>
  );
}

/** The Howled collectible (or why it cannot be), with the button that removes it. */
function Attachment({
  attached,
  problem,
  onDetach,
}: {
  attached: ChatItemCard | null;
  problem: string | null;
  onDetach(): void;
}) {
  return (
    <div className={styles.attachment}>
      {attached ? <HowlCard item={attached} linked={false} /> : <Notice tone="danger">{problem}</Notice>}
      <button type="button" className={styles.detach} aria-label="Remove the collectible" onClick={onDetach}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

/** The @mention suggestions: a listbox the textarea points at (aria-activedescendant). */
function SuggestionList({
  listId,
  names,
  highlight,
  onPick,
}: {
  listId: string;
  names: string[];
  highlight: number;
  onPick(name: string): void;
}) {
  return (
    <div className={styles.suggestions} id={listId} role="listbox" aria-label="Members to mention">
      {names.map((name, index) => (
        <div
          key={name}
          id={`${listId}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === highlight}
          className={index === highlight ? styles.highlighted : undefined}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(name);
          }}
        >
          @{name}
        </div>
      ))}
    </div>
  );
}
