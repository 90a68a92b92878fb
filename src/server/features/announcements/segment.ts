import type { AnnouncementSegment } from '../../../protocol/announcements';
import { holdersAmong } from '../collectibles/index';
import { playersAmong } from '../games/index';
import { countMembersMatching, type MemberFilter, memberIdsMatching } from '../identity/index';
import type { AnnouncementsDb } from './tables';

/**
 * Segment matching (issue 29): identity answers the joined and verified criteria in its query, a
 * page of member ids in id order; the collection and played criteria then keep the ones the
 * collectibles and games capabilities say match. Criteria are ANDed.
 */
const filterOf = (s: AnnouncementSegment): MemberFilter => ({
  joinedAfter: s.bEveryone ? 0 : s.iJoinedAfter,
  joinedBefore: s.bEveryone ? 0 : s.iJoinedBefore,
  verified: !s.bEveryone && s.bVerified,
});

const narrowsFurther = (s: AnnouncementSegment) => !s.bEveryone && (s.sCollectionID !== '' || s.bPlayed);

/**
 * The next page: the members matching after `afterId`, looking at up to `limit` identity matches.
 * `last` is the last id looked at (the next cursor), null when none was left.
 */
export async function segmentPage(
  db: AnnouncementsDb,
  segment: AnnouncementSegment,
  afterId: string,
  limit: number,
): Promise<{ matched: string[]; last: string | null }> {
  const ids = await memberIdsMatching(db, filterOf(segment), afterId, limit);
  if (ids.length === 0) return { matched: [], last: null };
  let matched = ids;
  if (!segment.bEveryone && segment.sCollectionID) {
    const holders = await holdersAmong(db, segment.sCollectionID, matched);
    matched = matched.filter((id) => holders.has(id));
  }
  if (!segment.bEveryone && segment.bPlayed && matched.length > 0) {
    const players = await playersAmong(db, matched);
    matched = matched.filter((id) => players.has(id));
  }
  return { matched, last: ids[ids.length - 1] as string };
}

const COUNT_PAGE = 1000;

/** How many members the segment matches now. */
export async function countSegment(db: AnnouncementsDb, segment: AnnouncementSegment): Promise<number> {
  if (!narrowsFurther(segment)) return countMembersMatching(db, filterOf(segment));
  let count = 0;
  let after = '';
  for (;;) {
    const { matched, last } = await segmentPage(db, segment, after, COUNT_PAGE);
    if (last === null) return count;
    count += matched.length;
    after = last;
  }
}
