import { describe, expect, it } from 'vitest';
import { PRESENCE_STALE_MS, PresenceBook } from './presence';

describe('who is here', () => {
  it('counts members, not sockets, per channel, on this instance and the others', () => {
    const book = new PresenceBook();
    book.move('alice', null, 'general');
    book.move('alice', null, 'general');
    book.move('bob', null, 'general');
    book.move('carol', null, 'lore');
    expect(book.counts()).toEqual({ general: 2, lore: 1 });
    book.move('alice', 'general', 'lore');
    expect(book.counts()).toEqual({ general: 2, lore: 2 });
    book.move('alice', 'general', null);
    expect(book.counts()).toEqual({ general: 1, lore: 2 });

    book.applyRemote('other', { general: ['bob', 'dave'], trading: ['erin'] }, 0);
    expect(book.counts()).toEqual({ general: 2, lore: 2, trading: 1 });
    expect(book.snapshot()).toEqual({ general: ['bob'], lore: ['carol', 'alice'] });
  });

  it('forgets an instance that went quiet or said goodbye', () => {
    const book = new PresenceBook();
    book.applyRemote('a', { general: ['x'] }, 0);
    book.applyRemote('b', { general: ['y'] }, 10_000);
    expect(book.expire(PRESENCE_STALE_MS)).toBe(false);
    expect(book.expire(PRESENCE_STALE_MS + 1)).toBe(true);
    expect(book.counts()).toEqual({ general: 1 });
    book.dropRemote('b');
    expect(book.counts()).toEqual({});
  });
});
