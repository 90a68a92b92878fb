import { ok, portal } from '../api/client';
import { queryClient } from '../api/queryClient';
import { fetchUserData, userDataQueryOptions } from './memberData';
import type { MemberPageLoad } from './pageLoad';

/**
 * Puts a member's page-load requests (lib/pageLoad) into the one query client as the fetches of their
 * queries: the member's data and the route's own queries. The screens then find them under way, or
 * answered, as with any prefetch. main.tsx calls it once the session is known (the member's data is
 * keyed by their account id), before the first route runs.
 *
 * The member's data comes no sooner than `firstRender`: a member's prerendered document shows the
 * page waiting for it, and the app's first render, which hydrates that document, must show the same.
 */
export function fillQueryClient(
  pageLoad: MemberPageLoad,
  userId: string,
  firstRender: Promise<void>,
): Promise<unknown> {
  const { token } = pageLoad;
  const readUserData = readOnce(pageLoad.userData, (sent) => fetchUserData(token, sent));
  return Promise.all([
    queryClient.prefetchQuery({
      ...userDataQueryOptions(token, userId),
      queryFn: async () => {
        try {
          return await readUserData();
        } finally {
          await firstRender;
        }
      },
    }),
    ...pageLoad.route.map(({ queryKey, action, fields, response }) =>
      queryClient.prefetchQuery({
        queryKey,
        queryFn: readOnce(response, async (sent) => ok(await portal(action, fields, { token, sent }))),
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
