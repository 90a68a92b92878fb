import type { ActionAnswer, ActionInput, ActionName, FormValue } from '../../protocol/actions';
import type { Answer } from '../../protocol/wire';
import { GAME_BASE, PORTAL_BASE, WHITELIST_BASE } from '../config';
import { isDebug } from '../lib/debug';
import { actionRequest } from './request';
import { observeClientVersion } from './version';

/** The answer of any action: the spec's JSON object, audio bytes, raw text, or null on network failure. */
export type ActionResult<T> = (T & { iErrorCode: number }) | null;
export type Fields = Record<string, FormValue>;

/** docs/product.md §7 response handling: JSON by content type, audio as binary, else JSON if it parses, else text. */
export async function readResponse(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  if (type.startsWith('audio/')) return response.arrayBuffer();
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface CallOptions {
  token?: string | null;
  /** setWalletAddress sends JSON instead of a form (docs/product.md §7). */
  json?: boolean;
  signal?: AbortSignal;
  /** This very request, sent already (a member's page load, lib/pageLoad): its answer is read instead. */
  sent?: Promise<Response>;
}

/** One POST to `${base}/${action}`; non-200 → {iErrorCode: status}, network failure → null. */
export async function callAction<T = Answer>(
  base: string,
  action: string,
  fields: object = {},
  options: CallOptions = {},
): Promise<ActionResult<T>> {
  const { url, init } = actionRequest(base, action, fields, options);
  let response: Response;
  try {
    response = await (options.sent ?? fetch(url, { ...init, signal: options.signal }));
  } catch {
    return null;
  }
  observeClientVersion(response.headers.get('Client-Version'));
  const result = (
    response.status === 200 ? await readResponse(response) : { iErrorCode: response.status }
  ) as ActionResult<T>;
  if (isDebug()) console.debug(`[${base}/${action}]`, fields, result);
  if (result && typeof result === 'object' && result.iErrorCode === MAINTENANCE_CODE) {
    for (const heard of maintenanceListeners) heard();
  }
  // A token the server no longer knows (signed out from another device): the tab signs out.
  if (options.token && result && typeof result === 'object' && result.iErrorCode === NOT_SIGNED_IN_CODE) {
    for (const heard of notSignedInListeners) heard(options.token);
  }
  return result;
}

/** ErrorCode.NOT_SIGNED_IN: a member action sent with a token that no longer signs anyone in. */
const NOT_SIGNED_IN_CODE = 2;
const notSignedInListeners = new Set<(token: string) => void>();

/** Calls `heard` with the token whenever an action refuses it as not signed in (lib/auth drops the session). */
export function onNotSignedInAnswer(heard: (token: string) => void): () => void {
  notSignedInListeners.add(heard);
  return () => notSignedInListeners.delete(heard);
}

/** The server's "under maintenance" answer (ErrorCode.MAINTENANCE): any action while maintenance is on. */
const MAINTENANCE_CODE = 9;
const maintenanceListeners = new Set<() => void>();

/** Calls `heard` whenever an action answers that the portal is under maintenance; answers the unsubscribe. */
export function onMaintenanceAnswer(heard: () => void): () => void {
  maintenanceListeners.add(heard);
  return () => maintenanceListeners.delete(heard);
}

/** For query functions: the answer when it succeeded, else an Error carrying its iErrorCode (none: unreachable). */
export function ok<T extends { iErrorCode: number }>(answer: T | null): T {
  if (!answer) throw new Error('The server could not be reached.');
  if (answer.iErrorCode !== 0) {
    throw Object.assign(new Error(`Request refused (${answer.iErrorCode})`), { iErrorCode: answer.iErrorCode });
  }
  return answer;
}

/** An action's fields, then the call's options; the fields may be left out when the action asks for none. */
export type ActionArgs<Input, Options> =
  Record<never, never> extends Input ? [fields?: Input, options?: Options] : [fields: Input, options?: Options];

/** A portal action by its name in the registry (protocol/actions.ts): its fields and its answer follow from it. */
export const portal = <N extends ActionName<'portal'>>(
  action: N,
  ...[fields, options]: ActionArgs<ActionInput<'portal', N>, CallOptions>
) => callAction<ActionAnswer<'portal', N>>(PORTAL_BASE, action, fields, options);

/** A game service action (`/api/monsterbreaker/<name>`), typed like `portal`. */
export const game = <N extends ActionName<'monsterbreaker'>>(
  action: N,
  ...[fields, options]: ActionArgs<ActionInput<'monsterbreaker', N>, CallOptions>
) => callAction<ActionAnswer<'monsterbreaker', N>>(GAME_BASE, action, fields, options);

/** Whitelist calls send no token and answer null on any failure (docs/product.md §7). */
export async function whitelist<N extends ActionName<'whitelist'>>(
  action: N,
  ...[fields]: ActionArgs<ActionInput<'whitelist', N>, never>
): Promise<ActionResult<ActionAnswer<'whitelist', N>>> {
  const result = await callAction<ActionAnswer<'whitelist', N>>(WHITELIST_BASE, action, fields).catch(() => null);
  if (!result || typeof result !== 'object' || result.iErrorCode !== 0) return null;
  return result;
}
