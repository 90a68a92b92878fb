import { hashKey, type QueryClient } from '@tanstack/react-query';
import { NOTICE_KINDS } from '../../protocol/rewards';
import { callAction, ok } from '../api/client';
import { PORTAL_BASE } from '../config';
import { whenPresented } from './afterPaint';
import { getAuthState, subscribeAuth } from './auth';
import { fetchUserData, type MemberData, memberKeys, userDataQueryOptions } from './memberData';
import { type CachedPageLoad, type MemberPageLoad, rememberMember, sendHeldPageLoad, sentPageLoad } from './pageLoad';

/**
 * A member's page-load requests (lib/pageLoad) become the fetches of their queries in the one query
 * client: the member's data and the route's own queries. The screens then find them under way, or
 * answered, as with any prefetch; nothing else holds them.
 */

let rendered: () => void = () => {};
const firstRender = new Promise<void>((resolve) => {
  rendered = resolve;
});

/**
 * Called once the app's first render is committed (providers.tsx). A member's prerendered document
 * shows the page waiting for their data, and the render that hydrates it must show the same: the
 * data asked for with the page comes into the cache no sooner. A reload painted from the cache
 * sends its requests once that paint is on screen (lib/pageLoad holds them until then).
 */
export function firstRenderDone(): void {
  rendered();
  if (sentPageLoad()?.cached) whenPresented(sendHeldPageLoad);
}

/**
 * Takes in this page load's requests, if a member's page sent them, as soon as the session check
 * says who the member is (their data is keyed by account id): api/queryClient, when it is made.
 * That is before the first route runs (main.tsx waits for the session before making the router).
 */
export function adoptPageLoad(client: QueryClient): void {
  // Whoever the session is confirmed to be, this tab remembers: its next reload may paint from the cache.
  const remember = () => {
    const auth = getAuthState();
    if (auth.status === 'signedIn') rememberMember(auth.token, auth.user);
  };
  subscribeAuth(remember);
  const pageLoad = sentPageLoad();
  // Not painted from the cache after all: what the page load held for that paint leaves now.
  if (pageLoad?.cached && !paintFromCache(client, pageLoad.cached)) sendHeldPageLoad();
  remember();
  if (!pageLoad) return;
  const adopt = () => {
    const auth = getAuthState();
    if (auth.status === 'signedIn' && auth.token === pageLoad.token)
      void fillQueryClient(client, pageLoad, auth.user.id);
  };
  if (getAuthState().status !== 'loading') {
    adopt();
    return;
  }
  const stop = subscribeAuth(() => {
    if (getAuthState().status === 'loading') return;
    stop();
    adopt();
  });
}

/**
 * A reload that found this member's data and the route's queries in the persisted cache
 * (lib/pageLoad): they go into the query client before the first render, which then shows the
 * page at once; the page load's answers replace them (fillQueryClient). Not when the cached data
 * still holds a notice: popups show from the server's answer only, never twice from a stale copy.
 */
function paintFromCache(client: QueryClient, cached: CachedPageLoad): boolean {
  const userData = cached.answers.get(hashKey(memberKeys.data(cached.user.id)));
  const member = userData?.data as MemberData | undefined;
  if (!member?.registered) return false;
  const data = member.pUserData as unknown as Record<string, unknown>;
  if (NOTICE_KINDS.some((kind) => (Array.isArray(data[kind]) ? (data[kind] as []).length > 0 : Boolean(data[kind])))) {
    return false;
  }
  for (const [hash, { data: answer, updatedAt }] of cached.answers) {
    client.setQueryData(JSON.parse(hash) as unknown[], answer, { updatedAt });
  }
  return true;
}

/** Puts the page load's requests into `client` as its queries' fetches; settles when they have. */
export function fillQueryClient(client: QueryClient, pageLoad: MemberPageLoad, userId: string): Promise<unknown> {
  const { token } = pageLoad;
  const readUserData = readOnce(pageLoad.userData, (sent) => fetchUserData(token, sent));
  // staleTime 0: a reload that painted from the cache has (recent) data already; the answers sent
  // with the page are newer and replace it.
  return Promise.all([
    client.prefetchQuery({
      ...userDataQueryOptions(token, userId),
      staleTime: 0,
      queryFn: async () => {
        try {
          return await readUserData();
        } finally {
          await firstRender;
        }
      },
    }),
    ...pageLoad.route.map(({ queryKey, action, fields, response }) =>
      client.prefetchQuery({
        queryKey,
        staleTime: 0,
        queryFn: readOnce(response, async (sent) => ok(await callAction(PORTAL_BASE, action, fields, { token, sent }))),
      }),
    ),
  ]);
}

/**
 * A query function that reads the answer sent at page load the first time, and asks anew when it
 * runs again (the screens' own options replace it as soon as they fetch; this is for anything else).
 */
function readOnce<T>(sent: Promise<Response>, read: (sent?: Promise<Response>) => Promise<T>): () => Promise<T> {
  let pending: Promise<Response> | undefined = sent;
  return () => {
    const answer = pending;
    pending = undefined;
    return read(answer);
  };
}
