import type { CurseCipher } from '../../../protocol/curseBreaker';

/**
 * The lore the weekly curses are made of when no operator set one: a scrap of text from the
 * portal's universe, and the keys, each told as a riddle the members can answer from the lore.
 */
export interface CurseScrap {
  title: string;
  lore: string;
  answer: string;
}

export const CURSE_SCRAPS: readonly CurseScrap[] = [
  {
    title: 'The Tide Ledger',
    lore: "A page of the Drowned Archivist's ledger washed up below the lighthouse, its ink run into strange letters.",
    answer: 'The stars are right',
  },
  {
    title: 'The Sunken Psalm',
    lore: 'The Pale Choir hums one line over and over when the fog comes in. Someone wrote it down, badly.',
    answer: 'That is not dead which can eternal lie',
  },
  {
    title: 'A Letter Never Sent',
    lore: 'Found folded in a bottle: the last words of a keeper of the Ninth Gate, to whoever came next.',
    answer: 'Do not open the ninth gate',
  },
  {
    title: "The Cartographer's Margin",
    lore: 'Beside a chart of the trench, the Deep Cartographer scratched a warning in a hurried hand.',
    answer: 'The map is the monster',
  },
  {
    title: 'Lamplight Notes',
    lore: 'The Lamplighter keeps a log of every ship that never came home. One entry is not about ships.',
    answer: 'Keep the flame burning until dawn',
  },
  {
    title: 'The Herald at Low Tide',
    lore: 'When the water draws back, letters are carved into the rocks. They change each week.',
    answer: 'In his house he waits dreaming',
  },
  {
    title: "The Warden's Oath",
    lore: 'Every Tide Warden swears the same words at their first watch. The words were hidden from outsiders.',
    answer: 'What the sea takes the sea keeps',
  },
  {
    title: 'The Breaker Rhyme',
    lore: 'Children in the harbour town skip rope to an old rhyme about the one who breaks the monsters.',
    answer: 'Break the wall and wake the deep',
  },
  {
    title: 'Elder Sign, Second Verse',
    lore: 'Scratched inside a ring of salt on the archive floor: the second verse of a warding prayer.',
    answer: 'Salt and silence hold the door',
  },
  {
    title: 'The Dreaming Stars',
    lore: 'An astronomer of the portal noted one night that the sky had rearranged itself into words.',
    answer: 'The old ones count the years in tides',
  },
];

/** Keywords for the keyword cipher, each with its riddle. */
export const CURSE_KEYWORDS: ReadonlyArray<{ key: string; riddle: string }> = [
  { key: 'DAGON', riddle: 'the name of the father of the Deep Ones' },
  { key: 'HYDRA', riddle: 'the name of the mother of the Deep Ones' },
  { key: 'RLYEH', riddle: 'the sunken city where the dreamer waits' },
  { key: 'YITH', riddle: 'the Great Race that travels through time' },
  { key: 'TIDE', riddle: 'what moves every harbour twice a day' },
];

export function cipherHint(cipher: CurseCipher, key: string): string {
  if (cipher === 'shift') {
    return 'The tide moved every letter the same number of places along the alphabet. Find how far, and pull them back.';
  }
  if (cipher === 'mirror') {
    return 'The Pale Choir sings the alphabet backwards: what is A to us is Z to them, B is Y, and so on.';
  }
  const riddle = CURSE_KEYWORDS.find((k) => k.key === key)?.riddle;
  return riddle
    ? `A key word pushed each letter forward, letter by letter, over and over: ${riddle}.`
    : `A key word pushed each letter forward, letter by letter, over and over: ${key}.`;
}
