import { AGENT_TEMPLATE_ID, type CollectionAnswer } from '../../protocol/collectibles';
import { ROUTES } from '../../protocol/routes';
import { mediaUrl } from '../api/media';
import { actionRequest } from '../api/request';
import { AUTH_BASE, PORTAL_BASE } from '../config';
import { STORAGE, session } from './storage';

/**
 * A signed-in member's page load asks the same few things every time before it can show anything:
 * the session, the flags, the member's data, and on /home their Agents. They are asked here as soon
 * as the page knows it has a session token, before the app's scripts have arrived; the app's own
 * calls (api/client, lib/auth) then take those answers (`fetchOnce`) instead of asking again.
 *
 * A document prerendered for a member runs this module first, on its own (scripts/prerender.ts;
 * vite.config.ts gives it a chunk of its own with the little it imports), and it starts that page's
 * requests at once (the end of this file). Elsewhere main.tsx starts them.
 */

interface EarlyRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** An answer not taken within this time is dropped: the app asks again, for something fresh. */
const FRESH_MS = 10_000;
const early = new Map<string, { response: Promise<Response>; at: number }>();

const keyOf = (url: string, init: RequestInit) => {
  const headers = (init.headers ?? {}) as Record<string, string>;
  return [init.method ?? 'GET', url, headers.Authorization ?? '', String(init.body ?? '')].join(' ');
};

/** `fetch`, but answered by the same request asked early, once, if there was one. */
export function fetchOnce(url: string, init: RequestInit = {}): Promise<Response> {
  const key = keyOf(url, init);
  const asked = early.get(key);
  early.delete(key);
  if (asked && performance.now() - asked.at < FRESH_MS) return asked.response;
  return fetch(url, init);
}

/**
 * Forgets every answer not taken yet. The app calls it when it marks data stale or writes newer data
 * itself (api/queryClient): an answer asked at page load must not stand in for the fresh one a change
 * calls for. It lingers when the app had fresh data from its persisted cache and never asked.
 */
export function dropEarlyAnswers(): void {
  early.clear();
}

function ask({ url, init }: EarlyRequest): Promise<Response> {
  const key = keyOf(url, init);
  const asked = early.get(key);
  if (asked) return asked.response;
  const response = fetch(url, init);
  // A failed request is the app's to see when it takes it; unhandled here it would only be noise.
  response.catch(() => undefined);
  early.set(key, { response, at: performance.now() });
  return response;
}

/** As api/client's portal() asks it. */
const portalRequest = (action: string, fields: Record<string, string>, token: string | null): EarlyRequest =>
  actionRequest(PORTAL_BASE, action, fields, { token });

/** The requests a signed-in page load starts with (main.tsx: flags and session; lib/memberData: getUserData). */
export function memberStartRequests(pathname: string, token: string): EarlyRequest[] {
  const requests = [
    portalRequest('getFlags', {}, null),
    { url: `${AUTH_BASE}/get-session`, init: { method: 'GET', headers: { Authorization: `Bearer ${token}` } } },
    portalRequest('getUserData', {}, token),
  ];
  // /home's dashboard shows the member's Agents (features/home): its largest paint is the first one's art.
  if (pathname === ROUTES.home)
    requests.push(portalRequest('getCollection', { sCollectionID: AGENT_TEMPLATE_ID }, token));
  return requests;
}

/**
 * Asks what a signed-in page load needs, and on /home starts downloading the first Agent's art as
 * soon as the collection answers, while the app's scripts are still on their way (the card's <img>
 * then finds it in the memory cache).
 */
let started = false;

export function startMemberPage(pathname: string, token: string): void {
  if (started) return;
  started = true;
  for (const request of memberStartRequests(pathname, token)) {
    const response = ask(request);
    if (!request.url.endsWith('/getCollection')) continue;
    response
      .then((answer) => (answer.ok ? (answer.clone().json() as Promise<CollectionAnswer>) : null))
      .then((answer) => {
        const image = answer?.aItems?.[0]?.publicMetadata.image;
        if (!image) return;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = mediaUrl(image);
        link.fetchPriority = 'high';
        document.head.append(link);
      })
      .catch(() => undefined);
  }
}

/** boot.ts, in a document prerendered for a member: starts their page if this tab holds a session. */
export function startMemberPageFromStorage(pathname: string): void {
  const token = session.get(STORAGE.token);
  if (token) startMemberPage(pathname, token);
}

// A member's prerendered document (lib/shell.ts) loads this module before the app: its page starts here.
if (typeof document !== 'undefined' && document.getElementById('root')?.dataset.shell === 'member') {
  startMemberPageFromStorage(window.location.pathname);
}
