import { dehydrate, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstPageOnly } from './persist';

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
