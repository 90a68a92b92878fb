import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionKey, actionQuery } from './actionQuery';

describe('queries made from the action registry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keys a portal action by its name and input', () => {
    expect(actionKey('getPublicProfile', { sUserName: 'ann' })).toEqual(['getPublicProfile', { sUserName: 'ann' }]);
    expect(actionQuery('getFlags', {}).queryKey).toEqual(['getFlags', {}]);
  });

  it('asks the action with the token and answers what came', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"iErrorCode":0,"bPublic":true,"aShowcaseItemIDs":[]}', {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await new QueryClient().fetchQuery(actionQuery('getMyProfile', {}, 'tok'));
    expect(answer?.bPublic).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/portal/getMyProfile');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });
});
