import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_TEMPLATE_ID } from '../../protocol/collectibles';
import { portal } from '../api/client';
import { getCollection } from '../features/collectibles/api/collectibles';
import { acceptSession, refreshSession } from './auth';
import { fetchOnce, startMemberPage } from './early';
import { loadFlags } from './flags';
import { fetchUserData, type MemberData } from './memberData';

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

describe('early requests (lib/early.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a request nobody asked early to the network', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    await fetchOnce('/api/portal/getInventory', { method: 'POST' });
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
    startMemberPage('/home', 'tok');
    startMemberPage('/home', 'tok'); // boot's module and main.tsx both ask: only the first counts
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/portal/getFlags',
      '/api/auth/get-session',
      '/api/portal/getUserData',
      '/api/portal/getCollection',
    ]);

    // The app's calls, as main.tsx, lib/memberData and the dashboard make them.
    acceptSession('tok', { id: 'u1', email: 'a@b.c', emailVerified: true, name: 'a' });
    await Promise.all([loadFlags(), refreshSession()]);
    const member = await fetchUserData('tok');
    const agents = await getCollection(AGENT_TEMPLATE_ID);
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
  });

  it('an answer the app never took (its cache was fresh) is not what it gets after a change', async () => {
    const page = await memberPageLoad('/games');

    // The page drew the member from the persisted cache, so it did not ask; then the member won 1 point.
    const restored = { registered: true, pUserData: { iPoints: 5 }, pGameVars: {} };
    page.queryClient.setQueryData(page.memberKeys.data('u1'), restored as MemberData);
    page.server.points = 6;
    await page.queryClient.invalidateQueries({ queryKey: page.memberKeys.all });
    const member = await page.queryClient.fetchQuery(page.userDataQueryOptions('tok', 'u1'));
    expect(page.server.fetch).toHaveBeenCalledTimes(page.asked + 1);
    expect(member.registered && member.pUserData.iPoints).toBe(6);
  });

  it('an answer the app never took is not what it gets after it wrote newer data itself', async () => {
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
 * A member's page load of its own (nothing started, an empty query cache) whose early requests have
 * left, against a server whose member has `points` (5 until a test changes it).
 */
async function memberPageLoad(pathname: string) {
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
  const early = await import('./early');
  const { queryClient } = await import('../api/queryClient');
  const { memberKeys, userDataQueryOptions } = await import('./memberData');
  early.startMemberPage(pathname, 'tok');
  return { server, asked: server.fetch.mock.calls.length, queryClient, memberKeys, userDataQueryOptions };
}
