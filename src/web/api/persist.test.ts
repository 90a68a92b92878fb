import { dehydrate, hydrate, InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { firstPageOnly, markRestoredStale } from './persist';

describe('the persisted cache keeps an infinite list to its first page', () => {
  it('trims the pages "Show more" added, and leaves other data as it is', () => {
    const opened = { pages: [{ a: [1, 2] }, { a: [3] }, { a: [4] }], pageParams: [null, 'c1', 'c2'] };
    expect(firstPageOnly(opened)).toEqual({ pages: [{ a: [1, 2] }], pageParams: [null] });
    const one = { pages: [{ a: [1] }], pageParams: [null] };
    expect(firstPageOnly(one)).toBe(one);
    const plain = { pages: 3, aItems: [] };
    expect(firstPageOnly(plain)).toBe(plain);
    expect(firstPageOnly(null)).toBeNull();
    expect(firstPageOnly([1, 2])).toEqual([1, 2]);
  });

  it('a collection opened to its end is dehydrated with its first page, the cache in memory untouched', async () => {
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['collection', 'agent'],
      queryFn: ({ pageParam }) => ({ items: [pageParam], next: pageParam < 2 ? pageParam + 1 : null }),
      initialPageParam: 0,
      getNextPageParam: (last: { next: number | null }) => last.next,
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    await observer.fetchNextPage();
    await observer.fetchNextPage();
    expect(observer.getCurrentResult().data?.pages).toHaveLength(3);
    const persisted = dehydrate(client, { serializeData: firstPageOnly });
    expect(persisted.queries[0]?.state.data).toEqual({ pages: [{ items: [0], next: 1 }], pageParams: [0] });
    expect(observer.getCurrentResult().data?.pages).toHaveLength(3);
    unsubscribe();
  });
});

describe('what the persisted cache restores is asked for again when a screen shows it', () => {
  it('a query restored from before the page load fetches on mount despite its staleTime; one this page answered does not', async () => {
    const pageStart = Date.now();
    const before = new QueryClient();
    before.setQueryData(['curse'], { bSolved: false }, { updatedAt: pageStart - 500 });
    const client = new QueryClient();
    hydrate(client, dehydrate(before));
    client.setQueryData(['games'], { aGames: [] }, { updatedAt: pageStart + 20 });
    markRestoredStale(client, pageStart);

    const curse = vi.fn(async () => ({ bSolved: true }));
    const games = vi.fn(async () => ({ aGames: [1] }));
    const watch = (queryKey: string[], queryFn: () => Promise<unknown>) =>
      new QueryObserver(client, { queryKey, queryFn, staleTime: 60_000 }).subscribe(() => {});
    const stop = [watch(['curse'], curse), watch(['games'], games)];
    await vi.waitFor(() => expect(client.getQueryData(['curse'])).toEqual({ bSolved: true }));
    expect(curse).toHaveBeenCalledTimes(1);
    expect(games).not.toHaveBeenCalled();
    expect(client.getQueryData(['games'])).toEqual({ aGames: [] });
    for (const unsubscribe of stop) unsubscribe();
  });
});
