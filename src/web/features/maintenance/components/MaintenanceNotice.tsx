import { MessagePage } from '../../../ui/MessagePage';

/** What /maintenance says when the operator left no message. */
export const MAINTENANCE_DEFAULT_MESSAGE = 'The portal is under maintenance. The stars will be right again soon.';

/**
 * The body of /maintenance: the operator's message (or the default) under the sleeping portal.
 * The console's preview renders this same component (`sub`: a section inside its page), so what
 * an operator previews is what members read.
 */
export function MaintenanceNotice({ message, sub = false }: { message: string; sub?: boolean }) {
  return (
    <MessagePage image="/maintenance.svg" title="The portal sleeps" sub={sub}>
      <p>{message || MAINTENANCE_DEFAULT_MESSAGE}</p>
      <p>This page checks by itself and lets you back in when we reopen.</p>
    </MessagePage>
  );
}
