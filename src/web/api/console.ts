import type { ConsoleActionAnswer, ConsoleActionInput, ConsoleActionName } from '../../protocol/actions';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import { STORAGE, session } from '../lib/storage';

/**
 * The operators' console client (issue 27): `POST /api/console/<action>` with the console
 * session's bearer token, kept per tab (STORAGE.consoleToken) and apart from any member session.
 */
export const CONSOLE_BASE = '/api/console';

export const consoleToken = {
  get: () => session.get(STORAGE.consoleToken),
  set: (token: string) => session.set(STORAGE.consoleToken, token),
  clear: () => session.remove(STORAGE.consoleToken),
};

/** A console action that answered a nonzero iErrorCode (or no answer at all: iErrorCode 0, the network). */
export class ConsoleError extends Error {
  override name = 'ConsoleError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Codes after which the console session is gone: the console asks to sign in again. */
const SESSION_GONE: readonly number[] = [
  ErrorCode.CONSOLE_NOT_OPERATOR,
  ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED,
  ErrorCode.CONSOLE_SESSION_EXPIRED,
];
const sessionGoneListeners = new Set<(code: number) => void>();

/** Heard when a console action answers that the session is gone (the layout sends the operator to sign in). */
export function onConsoleSessionGone(listener: (code: number) => void): () => void {
  sessionGoneListeners.add(listener);
  return () => sessionGoneListeners.delete(listener);
}

/** A console action's body, then an abort signal; the body may be left out when the action asks for nothing. */
export type ConsoleArgs<Input> =
  Record<never, never> extends Input ? [body?: Input, signal?: AbortSignal] : [body: Input, signal?: AbortSignal];

/**
 * Calls one console action by its name in the registry (protocol/actions.ts) with a JSON body;
 * resolves with its answer when iErrorCode is 0, else throws a ConsoleError carrying the server's
 * message (or the code's documented one).
 */
export async function consoleCall<N extends ConsoleActionName>(
  action: N,
  ...[body, signal]: ConsoleArgs<ConsoleActionInput<N>>
): Promise<ConsoleActionAnswer<N>> {
  const token = consoleToken.get();
  let response: Response;
  try {
    response = await fetch(`${CONSOLE_BASE}/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ConsoleError(0, 'The console could not reach the server. Check the connection and try again.');
  }
  const answer = (
    response.ok ? await response.json().catch(() => ({ iErrorCode: response.status })) : { iErrorCode: response.status }
  ) as ConsoleActionAnswer<N> & { sMessage?: string };
  if (answer.iErrorCode === ErrorCode.OK) return answer;
  if (SESSION_GONE.includes(answer.iErrorCode)) {
    consoleToken.clear();
    for (const heard of sessionGoneListeners) heard(answer.iErrorCode);
  }
  throw new ConsoleError(answer.iErrorCode, answer.sMessage || errorMessage(answer.iErrorCode));
}
