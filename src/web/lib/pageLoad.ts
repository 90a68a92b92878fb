import type { ActionName } from '../../protocol/actions';
import type { Fields } from '../api/client';
import { actionRequest } from '../api/request';
import { AUTH_BASE, PORTAL_BASE } from '../config';
import type { AuthUser } from './auth';
import { freshPersistedClient } from './persistedCache';
import { STORAGE, session } from './storage';

/**
 * A signed-in member's page load asks the same few things every time before it can show anything:
 * the session, the flags, the member's data, and what the route's screen shows first. They are sent
 * here as soon as the page knows it has a session token, before the app's scripts have arrived; the
 * app then reads those very answers: main.tsx's start the session and the flags, and the one query
 * client the rest (api/queryClient, lib/pageLoadQueries). Nothing else ever takes them.
 *
 * A document prerendered for a member runs this module first, on its own (scripts/prerender.ts;
 * vite.config.ts gives it a chunk of its own with the little it imports): src/web/routeQueries.ts
 * starts that page's requests at once. Elsewhere main.tsx starts them.
 */

/** A portal action a route's screen shows at once, asked for with a member's page load; its feature declares it. */
export interface RouteQuery {
  /** The query its answer fills in the app's one query client: its data is the answer, as api/client's ok() gives it. */
  queryKey: readonly unknown[];
  action: ActionName<'portal'>;
  fields: Fields;
  /** Hears the answer as soon as it comes, before the app runs (e.g. to start downloading an image). */
  heard?(answer: unknown): void;
}

export interface SentQuery extends RouteQuery {
  response: Promise<Response>;
}

/**
 * What the persisted query cache (api/persist: localStorage `cache`, 24 h) holds for a reload of
 * this tab's page by the member its session was last confirmed to be: their data and the route's
 * queries, keyed by each query's hash. The page paints from it before any request answers
 * (lib/pageLoadQueries), then the answers to the requests sent with the page replace it.
 */
export interface CachedPageLoad {
  user: AuthUser;
  answers: Map<string, { data: unknown; updatedAt: number }>;
}

/**
 * TanStack's `hashKey` of these keys, which hold strings and numbers only (no objects to sort): the
 * library's function lives in a module of query-core too large for the entry.
 */
const queryHash = (key: readonly unknown[]) => JSON.stringify(key);

/** The member's data's query key (lib/memberData memberKeys.data), kept here so the entry does not load TanStack Query. */
export const userDataKey = (userId: string) => ['userData', userId] as const;

/**
 * Remembers the member this tab's session belongs to, with the tail of its token (never the token
 * again), so that a reload can tell the cache it finds is this session's member's.
 */
export function rememberMember(token: string, user: AuthUser): void {
  session.set(STORAGE.member, JSON.stringify({ tokenTail: token.slice(-12), user }));
}

function cachedPageLoad(token: string, routeQueries: readonly RouteQuery[]): CachedPageLoad | null {
  if (routeQueries.length === 0) return null;
  try {
    const member = JSON.parse(session.get(STORAGE.member) ?? 'null') as { tokenTail: string; user: AuthUser } | null;
    if (!member || member.tokenTail !== token.slice(-12)) return null;
    const persisted = freshPersistedClient();
    if (!persisted) return null;
    const wanted = [userDataKey(member.user.id), ...routeQueries.map((q) => q.queryKey)].map(queryHash);
    const answers = new Map<string, { data: unknown; updatedAt: number }>();
    for (const query of persisted.clientState.queries) {
      if (query.state.status === 'success' && wanted.includes(query.queryHash)) {
        answers.set(query.queryHash, { data: query.state.data, updatedAt: query.state.dataUpdatedAt });
      }
    }
    return answers.size === wanted.length ? { user: member.user, answers } : null;
  } catch {
    return null;
  }
}

/** The requests a member's page load sent before the app ran. */
export interface MemberPageLoad {
  token: string;
  /** What the persisted cache holds for this reload, if the page paints from it. */
  cached: CachedPageLoad | null;
  /** Read by main.tsx's start (lib/flags loadFlags, lib/auth refreshSession). */
  flags: Promise<Response>;
  session: Promise<Response>;
  /** Put into the query client as the fetches of their queries (lib/pageLoadQueries). */
  userData: Promise<Response>;
  route: SentQuery[];
  /** The page load's maintenance check (features/maintenance useMaintenanceCheck), read once. */
  maintenance: Promise<Response> | null;
}

let letGo: () => void = () => {};
/**
 * A reload that paints from the persisted cache sends its requests once that paint is on screen
 * (lib/pageLoadQueries lets them go), so that their answers never hold the first paint's work up.
 */
const cachedPaintDone = new Promise<void>((resolve) => {
  letGo = resolve;
});
/** Held no longer than this after the page load, should the app never get as far as letting them go. */
const LONGEST_HOLD_MS = 2000;

/** Lets a page load's requests held for its paint from the cache go (no-op otherwise, or the second time). */
export const sendHeldPageLoad = (): void => letGo();

function send({ url, init }: { url: string; init: RequestInit }, held: boolean): Promise<Response> {
  const response = held ? cachedPaintDone.then(() => fetch(url, init)) : fetch(url, init);
  // A failed request is the app's to see when it reads it; unhandled here it would only be noise.
  response.catch(() => undefined);
  return response;
}

const portal = (action: string, fields: Fields, token: string | null, held: boolean) =>
  send(actionRequest(PORTAL_BASE, action, fields, { token }), held);

let started: MemberPageLoad | null = null;

/**
 * Sends what a signed-in page load needs, once per page: the early module of a member's document and
 * main.tsx both ask, and get the same requests.
 */
export function startMemberPage(token: string, routeQueries: readonly RouteQuery[]): MemberPageLoad {
  if (started) return started;
  // Read first only when this tab remembers the token's member: a first load reads no localStorage
  // before its requests leave (that first read took 40–70 ms of main thread here, issue 40).
  const cached = cachedPageLoad(token, routeQueries);
  // A reload painted from the cache does not need them for that paint: they wait for it (issue 40:
  // answered during the first render, they added to its main thread and to Lighthouse's graph).
  const held = cached !== null;
  if (held) setTimeout(sendHeldPageLoad, LONGEST_HOLD_MS);
  started = {
    token,
    cached,
    flags: portal('getFlags', {}, null, held),
    session: send(
      { url: `${AUTH_BASE}/get-session`, init: { method: 'GET', headers: { Authorization: `Bearer ${token}` } } },
      held,
    ),
    userData: portal('getUserData', {}, token, held),
    // Sent with the others, not after the app's start: on a cold load it would be a request
    // chained behind the whole entry (issue 40).
    maintenance: portal('isMaintenance', {}, null, held),
    route: routeQueries.map((query) => ({ ...query, response: portal(query.action, query.fields, token, held) })),
  };
  for (const { response, heard, queryKey } of started.route) {
    if (!heard) continue;
    // From the cache first: the art of a reload starts downloading before any answer.
    const remembered = cached?.answers.get(queryHash(queryKey));
    if (remembered) heard(remembered.data);
    response
      .then((answer) => (answer.ok ? (answer.clone().json() as Promise<unknown>) : null))
      .then((answer) => answer && heard(answer))
      .catch(() => undefined);
  }
  return started;
}

/** The page load's maintenance check, once: a later check sends its own request. */
export function takeSentMaintenance(): Promise<Response> | undefined {
  const sent = started?.maintenance ?? undefined;
  if (started) started.maintenance = null;
  return sent;
}

/** What this page load sent, if it is a member's: the query client takes it in (lib/pageLoadQueries). */
export const sentPageLoad = (): MemberPageLoad | null => started;
