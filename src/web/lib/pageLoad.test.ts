import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_TEMPLATE_ID } from '../../protocol/collectibles';
import { portal } from '../api/client';
import { queryClient } from '../api/queryClient';
import { collectionQueryOptions } from '../features/collectibles/api/collectibles';
import { startMemberPageAt } from '../routeQueries';
import { acceptSession, refreshSession } from './auth';
import { loadFlags } from './flags';
import { type MemberData, userDataQueryOptions } from './memberData';
import { fillQueryClient } from './pageLoadQueries';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The server, as far as a member's first requests go. */
function server() {
  return vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/get-session'))
      return json({ user: { id: 'u1', email: 'a@b.c', emailVerified: true, name: 'a' } });
    if (url.endsWith('/getFlags')) return json({ iErrorCode: 0, pFlags: {} });
    if (url.endsWith('/getUserData')) return json({ iErrorCode: 0, pUserData: { sUserName: 'lh', aGameVars: [] } });
    if (url.endsWith('/getCollection')) {
      return json({
        iErrorCode: 0,
        aItems: [{ sItemID: 'i1', publicMetadata: { name: 'Pale Choir', image: '/media/a.svg' } }],
      });
    }
    return json({ iErrorCode: 0 });
  });
}

describe("a member's page load (lib/pageLoad.ts, lib/pageLoadQueries.ts)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a request the page load did not send to the network', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    await portal('getInventory', {}, { token: 'tok' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a member's /home asks session, flags, data and Agents once, before the app, and the app's own calls take them", async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    const appended: Array<{ rel?: string; as?: string; href?: string; fetchPriority?: string }> = [];
    vi.stubGlobal('document', {
      createElement: () => ({}),
      head: { append: (link: (typeof appended)[number]) => appended.push(link) },
    });
    const pageLoad = startMemberPageAt('/home', 'tok');
    // boot's module and main.tsx both ask: only the first counts
    expect(startMemberPageAt('/home', 'tok')).toBe(pageLoad);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/portal/getFlags',
      '/api/auth/get-session',
      '/api/portal/getUserData',
      '/api/portal/getCollection',
    ]);

    // The app's calls, as main.tsx, lib/memberData and the dashboard make them.
    acceptSession('tok', { id: 'u1', email: 'a@b.c', emailVerified: true, name: 'a' });
    await Promise.all([loadFlags(pageLoad.flags), refreshSession(pageLoad.session)]);
    void fillQueryClient(pageLoad, 'u1', Promise.resolve());
    const member = await queryClient.fetchQuery(userDataQueryOptions('tok', 'u1'));
    const agents = await queryClient.fetchQuery(collectionQueryOptions(AGENT_TEMPLATE_ID));
    expect(member.registered).toBe(true);
    expect(agents.aItems[0]?.sItemID).toBe('i1');
    expect(fetchMock).toHaveBeenCalledTimes(4);

    // The first Agent's art was asked for as soon as the collection answered, at the URL the card uses.
    expect(appended).toEqual([
      { rel: 'preload', as: 'image', href: '/media/a.svg?v=test-version', fetchPriority: 'high' },
    ]);

    // Taken once: asking again goes to the network.
    await portal('getUserData', {}, { token: 'tok' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
    queryClient.clear();
  });

  it("the member's data comes no sooner than the app's first render (the shell it hydrates waits for it)", async () => {
    const page = await memberPageLoad('/home', { waitForRender: true });
    const key = page.memberKeys.data('u1');
    await vi.waitFor(() => expect(page.server.fetch).toHaveBeenCalledTimes(page.asked));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.queryClient.getQueryState(key)).toMatchObject({ status: 'pending', fetchStatus: 'fetching' });
    page.render();
    await vi.waitFor(() => expect(page.queryClient.getQueryState(key)?.status).toBe('success'));
    expect(page.server.fetch).toHaveBeenCalledTimes(page.asked);
  });

  it('an answer the page load brought is not what the app gets after a change', async () => {
    const page = await memberPageLoad('/games');

    // The page drew the member from the persisted cache; then the member won 1 point.
    const restored = { registered: true, pUserData: { iPoints: 5 }, pGameVars: {} };
    page.queryClient.setQueryData(page.memberKeys.data('u1'), restored as MemberData);
    page.server.points = 6;
    await page.queryClient.invalidateQueries({ queryKey: page.memberKeys.all });
    const member = await page.queryClient.fetchQuery(page.userDataQueryOptions('tok', 'u1'));
    expect(page.server.fetch).toHaveBeenCalledTimes(page.asked + 1);
    expect(member.registered && member.pUserData.iPoints).toBe(6);
  });

  it('a query the page load filled asks anew when it runs again, watched by no screen', async () => {
    const page = await memberPageLoad('/games');
    page.server.points = 7;
    await page.queryClient.refetchQueries({ queryKey: page.memberKeys.all });
    expect(page.server.fetch).toHaveBeenCalledTimes(page.asked + 1);
    const member = page.queryClient.getQueryData<MemberData>(page.memberKeys.data('u1'));
    expect(member?.registered && member.pUserData.iPoints).toBe(7);
  });

  it('an answer the page load brought is not what the app gets after it wrote newer data itself', async () => {
    const page = await memberPageLoad('/reward-store');

    // The store's catalogue brought newer balances (features/store: useBalancesFrom), written in place.
    page.server.points = 3;
    const newer = { registered: true, pUserData: { iPoints: 3 }, pGameVars: {} };
    page.queryClient.setQueryData(page.memberKeys.data('u1'), newer as MemberData);
    const member = await page.queryClient.fetchQuery({ ...page.userDataQueryOptions('tok', 'u1'), staleTime: 0 });
    expect(page.server.fetch).toHaveBeenCalledTimes(page.asked + 1);
    expect(member.registered && member.pUserData.iPoints).toBe(3);
  });
});

/**
 * A member's page load of its own (nothing started, an empty query cache) whose requests have left
 * and, unless `waitForRender`, been put into the query client and answered, as main.tsx does, against
 * a server whose member has `points` (5 until a test changes it).
 */
async function memberPageLoad(pathname: string, { waitForRender = false } = {}) {
  vi.resetModules();
  const server = {
    points: 5,
    fetch: vi.fn(async (url: string) =>
      url.endsWith('/getUserData')
        ? json({ iErrorCode: 0, pUserData: { iPoints: server.points, aGameVars: [] } })
        : json({ iErrorCode: 0 }),
    ),
  };
  vi.stubGlobal('fetch', server.fetch);
  const { startMemberPageAt } = await import('../routeQueries');
  const { fillQueryClient } = await import('./pageLoadQueries');
  const { queryClient } = await import('../api/queryClient');
  const { memberKeys, userDataQueryOptions } = await import('./memberData');
  const pageLoad = startMemberPageAt(pathname, 'tok');
  let render: () => void = () => {};
  const filled = fillQueryClient(pageLoad, 'u1', new Promise<void>((resolve) => (render = resolve)));
  if (!waitForRender) {
    render();
    await filled;
  }
  return { server, asked: server.fetch.mock.calls.length, queryClient, memberKeys, userDataQueryOptions, render };
}
