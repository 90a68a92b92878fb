import type { UserData } from '../../protocol/identity';
import type { AnyDb } from '../db/schema';
import { type Revisions, readRevisions } from './revisions';
import { clearAllTtlCaches } from './ttlCache';

/** About 6 KB each: a few thousand members active within the cache time. */
const MAX_ENTRIES = 5000;

interface Entry {
  answer: Buffer;
  member: number;
  shared: number;
  expiresAt: number;
}

export interface UserDataCache {
  /**
   * The getUserData answer as JSON bytes (null: the account has no member profile), remembered
   * while nothing it reads changed. `known`: the member's revisions if already read (with the
   * session), before anything else about them.
   */
  answer(userId: string, now: number, known?: Revisions): Buffer | Promise<Buffer | null>;
}

/**
 * getUserData, answered on every page load, from memory while the member's data revision and the
 * shared one are those it was composed at (shared/revisions.ts): one indexed read instead of a
 * dozen queries and the serialisation. An entry also ends at the next instant a part changes by
 * the clock alone (a new reward day) and after `maxAgeMs`, which bounds the live counters
 * (raffle entrants, rarity) that no trigger follows.
 *
 * The revisions are read before composing: a write that lands meanwhile leaves the entry one
 * revision behind, so the next call composes again.
 */
export function userDataCache(options: {
  db: AnyDb;
  maxAgeMs: number;
  compose(userId: string, now: number): Promise<UserData | null>;
  /** The answer's bytes around pUserData. */
  encode(data: UserData): Buffer;
  /** The next instant any part of pUserData changes by the clock alone. */
  changesAt(now: number): Promise<number>;
}): UserDataCache {
  const { db, maxAgeMs, compose, encode, changesAt } = options;
  const entries = new Map<string, Entry>();
  let sharedSeen = -1;
  /** The remembered answer while it stands at these revisions. */
  const held = (userId: string, now: number, revisions: Revisions): Buffer | undefined => {
    if (revisions.shared !== sharedSeen) {
      // Shared data changed (here, on another instance or by the operator CLI): the settings and
      // game variables this instance remembers may be older too.
      if (sharedSeen !== -1) clearAllTtlCaches();
      entries.clear();
      sharedSeen = revisions.shared;
    }
    const entry = entries.get(userId);
    if (entry && entry.member === revisions.member && entry.shared === revisions.shared && now < entry.expiresAt)
      return entry.answer;
    return undefined;
  };
  const composed = async (userId: string, now: number, known?: Revisions): Promise<Buffer | null> => {
    const revisions = known ?? (await readRevisions(db, userId));
    const remembered = held(userId, now, revisions);
    if (remembered) return remembered;
    const data = await compose(userId, now);
    entries.delete(userId);
    if (data === null) return null;
    const answer = encode(data);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    const expiresAt = Math.min(now + maxAgeMs, await changesAt(now));
    entries.set(userId, { answer, ...revisions, expiresAt });
    return answer;
  };
  return {
    // Not async: a remembered answer at revisions already read is returned as it is, without a promise.
    answer(userId, now, known) {
      if (maxAgeMs <= 0) return compose(userId, now).then((data) => data && encode(data));
      return (known && held(userId, now, known)) || composed(userId, now, known);
    },
  };
}
