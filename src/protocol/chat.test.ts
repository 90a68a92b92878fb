import { describe, expect, it } from 'vitest';
import { highlightMentions, mentionAtCaret, mentionsIn, withinEditWindow } from './chat';

describe('chat mentions', () => {
  it('finds @usernames, each once, lower-cased, outside code and e-mail addresses', () => {
    expect(mentionsIn('@Alice and @bob_2, also @ALICE')).toEqual(['alice', 'bob_2']);
    expect(mentionsIn('mail me at me@example.com or ping @al')).toEqual([]);
    expect(mentionsIn('`@alice` and\n```\n@bob\n```\n@carol')).toEqual(['carol']);
    expect(mentionsIn('(@dave) @@eve @frank!')).toEqual(['dave', 'frank']);
    expect(mentionsIn(`@${'x'.repeat(21)}`)).toEqual([]);
  });

  it('marks only the known mentions as bold, leaving code alone', () => {
    expect(highlightMentions('hi @Alice and @nobody', ['alice'])).toBe('hi **@Alice** and @nobody');
    expect(highlightMentions('`@alice` @alice', ['alice'])).toBe('`@alice` **@alice**');
    expect(highlightMentions('plain', [])).toBe('plain');
  });

  it('finds the @partial before the caret for autocomplete', () => {
    expect(mentionAtCaret('hello @al', 9)).toEqual({ start: 6, prefix: 'al' });
    expect(mentionAtCaret('@', 1)).toEqual({ start: 0, prefix: '' });
    expect(mentionAtCaret('hello @al there', 15)).toBeNull();
    expect(mentionAtCaret('me@exa', 6)).toBeNull();
  });

  it('allows edits within the window only', () => {
    expect(withinEditWindow(1000, 1000 + 300_000, { iEditWindowMs: 300_000 })).toBe(true);
    expect(withinEditWindow(1000, 1001 + 300_000, { iEditWindowMs: 300_000 })).toBe(false);
  });
});
