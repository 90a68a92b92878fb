import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_TEMPLATE_ID, HOME_AGENTS } from '../../protocol/collectibles';
import { portal } from '../api/client';
import type { MemberData } from './memberData';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The server, as far as a member's first requests go; the member has `points` (5 until a test changes it). */
function server() {
  const answers = {
    points: 5,
    fetch: vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.endsWith('/get-session'))
        return json({ user: { id: 'u1', email: 'a@b.c', emailVerified: true, name: 'a' } });
      if (url.endsWith('/getFlags')) return json({ iErrorCode: 0, pFlags: {} });
      if (url.endsWith('/getUserData'))
        return json({ iErrorCode: 0, pUserData: { sUserName: 'lh', iPoints: answers.points, aGameVars: [] } });
      if (url.endsWith('/getCollection')) {
        return json({
          iErrorCode: 0,
          aItems: [{ sItemID: 'i1', publicMetadata: { name: 'Pale Choir', image: '/media/a.svg' } }],
        });
      }
      return json({ iErrorCode: 0 });
    }),
  };
  return answers;
}

/**
 * A member's page load of its own (fresh modules: nothing started, an empty query cache, a tab whose
 * session holds the token 'tok'), as main.tsx runs it: the requests leave, the query client is made
 * (a route's parts load meanwhile), the session check answers. Unless `rendered: false`, the app's
 * first render is then on screen and the queries the page load filled have settled.
 */
async function memberPageLoad(pathname: string, { rendered = true } = {}) {
  vi.resetModules();
  const api = server();
  vi.stubGlobal('fetch', api.fetch);
  vi.stubGlobal('sessionStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  const { startMemberPageAt } = await import('../routeQueries');
  const { loadFlags } = await import('./flags');
  const { refreshSession } = await import('./auth');
  const pageLoad = startMemberPageAt(pathname, 'tok');
  const asked = api.fetch.mock.calls.length;
  const { queryClient } = await import('../api/queryClient');
  await Promise.all([loadFlags(pageLoad.flags), refreshSession(pageLoad.session)]);
  const { firstRenderDone } = await import('./pageLoadQueries');
  const memberData = await import('./memberData');
  const { collectionFirstQueryOptions } = await import('../features/collectibles/api/collectibles');
  const settled = () =>
    Promise.all(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.promise),
    );
  if (rendered) {
    firstRenderDone();
    await settled();
  }
  return {
    server: api,
    asked,
    pageLoad,
    startMemberPageAt,
    queryClient,
    firstRenderDone,
    collectionFirstQueryOptions,
    ...memberData,
  };
}

/**
 * A reload of /home by the member this tab remembers, whose persisted cache holds their data (with
 * `notice`, a welcome popup not yet seen) and their Agents, with 5 points; the server now says 9.
 * The browser reports the largest paints the test presents (`present`): of an element in the page,
 * or of one a render has removed since (the prerendered shell's).
 */
async function reloadFromCache({ notice = false } = {}) {
  vi.resetModules();
  const api = server();
  api.points = 9;
  vi.stubGlobal('fetch', api.fetch);
  vi.stubGlobal('document', { createElement: () => ({}), head: { append: () => undefined } });
  const user = { id: 'u1', email: 'a@b.c', emailVerified: true, name: 'a' };
  const sessionItems: Record<string, string> = {
    'auth.token': 'tok',
    'auth.member': JSON.stringify({ tokenTail: 'tok', user }),
  };
  vi.stubGlobal('sessionStorage', { getItem: (key: string) => sessionItems[key] ?? null, setItem: () => undefined });
  const cachedQuery = (queryKey: readonly unknown[], data: unknown) => ({
    queryHash: JSON.stringify(queryKey),
    state: { status: 'success', data, dataUpdatedAt: Date.now() - 60_000 },
  });
  const { collectiblesKeys } = await import('../features/collectibles/api/keys');
  const persisted = {
    buster: 'test-version',
    timestamp: Date.now() - 60_000,
    clientState: {
      mutations: [],
      queries: [
        cachedQuery(['userData', 'u1'], {
          registered: true,
          pUserData: { sUserName: 'lh', iPoints: 5, aGameVars: [], ...(notice ? { pNFT: { sItemID: 'i1' } } : {}) },
          pGameVars: {},
        }),
        cachedQuery(collectiblesKeys.collectionFirst(AGENT_TEMPLATE_ID, HOME_AGENTS), { iErrorCode: 0, aItems: [] }),
      ],
    },
  };
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'cache' ? JSON.stringify(persisted) : null) });
  const observers: Array<(list: { getEntries: () => Array<{ element: { isConnected: boolean } }> }) => void> = [];
  vi.stubGlobal(
    'PerformanceObserver',
    Object.assign(
      class {
        constructor(callback: (typeof observers)[number]) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
      { supportedEntryTypes: ['largest-contentful-paint'] },
    ),
  );
  const present = ({ inPage = true } = {}) => {
    for (const observer of observers) observer({ getEntries: () => [{ element: { isConnected: inPage } }] });
  };
  const { startMemberPageAt } = await import('../routeQueries');
  const { acceptSession, refreshSession } = await import('./auth');
  // As main.tsx starts it: signed in as the remembered member, the session check answered later.
  const pageLoad = startMemberPageAt('/home', 'tok');
  if (pageLoad.cached) acceptSession('tok', pageLoad.cached.user);
  void refreshSession(pageLoad.session);
  const { queryClient } = await import('../api/queryClient');
  const { firstRenderDone } = await import('./pageLoadQueries');
  return { server: api, pageLoad, queryClient, firstRenderDone, present };
}

const pointsIn = (client: { getQueryData: (key: unknown[]) => unknown }) => {
  const member = client.getQueryData(['userData', 'u1']) as MemberData | undefined;
  return member?.registered ? member.pUserData.iPoints : undefined;
};

describe("a member's page load (lib/pageLoad.ts, lib/pageLoadQueries.ts)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a request the page load did not send to the network', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    await portal('getInventory', {}, { token: 'tok' });
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it("a member's /home asks session, flags, data and Agents once, before the app, and the app's own calls take them", async () => {
    const appended: Array<{ rel?: string; as?: string; href?: string; fetchPriority?: string }> = [];
    vi.stubGlobal('document', {
      createElement: () => ({}),
      head: { append: (link: (typeof appended)[number]) => appended.push(link) },
    });
    const page = await memberPageLoad('/home');
    // boot's module and main.tsx both ask: only the first counts
    expect(page.startMemberPageAt('/home', 'tok')).toBe(page.pageLoad);
    expect(page.server.fetch.mock.calls.slice(0, page.asked).map(([url]) => url)).toEqual([
      '/api/portal/getFlags',
      '/api/auth/get-session',
      '/api/portal/getUserData',
      '/api/portal/isMaintenance',
      '/api/portal/getCollection',
    ]);

    // The app's calls, as lib/memberData and the dashboard make them.
    const member = await page.queryClient.fetchQuery(page.userDataQueryOptions('tok', 'u1'));
    const agents = await page.queryClient.fetchQuery(page.collectionFirstQueryOptions(AGENT_TEMPLATE_ID, HOME_AGENTS));
    expect(member.registered).toBe(true);
    expect(agents.aItems[0]?.sItemID).toBe('i1');
    // The maintenance check (features/maintenance) takes the page load's answer, once.
    const { takeSentMaintenance } = await import('./pageLoad');
    const sent = takeSentMaintenance();
    expect(sent).toBeDefined();
    expect(takeSentMaintenance()).toBeUndefined();
    expect(await portal('isMaintenance', {}, { sent })).toMatchObject({ iErrorCode: 0 });
    expect(page.server.fetch).toHaveBeenCalledTimes(5);

    // The first Agent's art was asked for as soon as the collection answered, at the URL the card uses.
    expect(appended).toEqual([
      { rel: 'preload', as: 'image', href: '/media/a.svg?v=test-version', fetchPriority: 'high' },
    ]);

    // Taken once: asking again goes to the network.
    await portal('getUserData', {}, { token: 'tok' });
    expect(page.server.fetch).toHaveBeenCalledTimes(6);
  });

  it("the member's data comes no sooner than the app's first render (the shell it hydrates waits for it)", async () => {
    const page = await memberPageLoad('/games', { rendered: false });
    const key = page.memberKeys.data('u1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.queryClient.getQueryState(key)).toMatchObject({ status: 'pending', fetchStatus: 'fetching' });
    page.firstRenderDone();
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

  it('a session the server refuses brings nothing into the query cache', async () => {
    vi.resetModules();
    const api = server();
    api.fetch.mockImplementation(async (url: string) =>
      url.endsWith('/get-session') ? new Response('null', { status: 401 }) : json({ iErrorCode: 0 }),
    );
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('sessionStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
    const { startMemberPageAt } = await import('../routeQueries');
    const { refreshSession } = await import('./auth');
    const pageLoad = startMemberPageAt('/home', 'tok');
    const { queryClient } = await import('../api/queryClient');
    await refreshSession(pageLoad.session);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});

describe('a reload painted from the persisted cache (lib/pageLoad.ts, lib/pageLoadQueries.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a reload painted from the persisted cache sends its requests once that paint is on screen', async () => {
    const page = await reloadFromCache();
    expect(page.pageLoad.cached).not.toBeNull();
    // The page paints the cached member: nothing asked yet, even once the first render is committed.
    expect(pointsIn(page.queryClient)).toBe(5);
    page.firstRenderDone();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.server.fetch).not.toHaveBeenCalled();
    // The shell's paint, reported late, is not the cached page's.
    page.present({ inPage: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.server.fetch).not.toHaveBeenCalled();

    // The browser presents that paint: the page load's five requests leave, and their answers replace the cache.
    page.present();
    await vi.waitFor(() => expect(pointsIn(page.queryClient)).toBe(9));
    expect(page.server.fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/portal/getFlags',
      '/api/auth/get-session',
      '/api/portal/getUserData',
      '/api/portal/isMaintenance',
      '/api/portal/getCollection',
    ]);
  });

  it('a reload whose cache still holds a notice is not painted from it, and asks at once', async () => {
    const page = await reloadFromCache({ notice: true });
    expect(pointsIn(page.queryClient)).toBeUndefined();
    await vi.waitFor(() => expect(page.server.fetch).toHaveBeenCalledTimes(5));
  });

  it('a paint the browser never reports holds the requests half a second at most', async () => {
    vi.useFakeTimers();
    try {
      const page = await reloadFromCache();
      page.firstRenderDone();
      await vi.advanceTimersByTimeAsync(499);
      expect(page.server.fetch).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(page.server.fetch).toHaveBeenCalledTimes(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
