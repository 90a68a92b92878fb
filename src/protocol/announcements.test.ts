import { describe, expect, it } from 'vitest';
import { describeSegment, EVERYONE, markdownToPlainText, segmentIsEmpty } from './announcements';

describe('announcements in words (issue 29)', () => {
  it('reduces markdown to its words for the notification centre and the mail', () => {
    expect(
      markdownToPlainText('# News\n\nThe **tide** turns at *midnight*: [read](https://x.example).\n\n- one\n- two'),
    ).toBe('News\n\nThe tide turns at midnight: read.\n\none\ntwo');
  });

  it('says who a segment is, and knows an empty one', () => {
    const none = { ...EVERYONE, bEveryone: false };
    expect(segmentIsEmpty(none)).toBe(true);
    expect(describeSegment(EVERYONE)).toBe('everyone');
    expect(
      describeSegment(
        { ...none, iJoinedAfter: Date.UTC(2026, 2, 1), sCollectionID: 'agent', bPlayed: true, bVerified: true },
        (id) => (id === 'agent' ? 'Agents' : id),
      ),
    ).toBe('joined after 2026-03-01 00:00 UTC, holds Agents, has played a game, verified email');
    expect(describeSegment({ ...none, iJoinedBefore: Date.UTC(2026, 2, 1, 10, 0, 5) })).toBe(
      'joined before 2026-03-01 10:00:05 UTC',
    );
  });
});
