import { GRID_COLS, GRID_ROWS } from './constants';

/**
 * Level layouts as data: one string per grid row (12 columns, at most 10 rows, top first),
 * '.' empty, '1'..'4' a monster with that many hit points. A run plays the first iLevels - 1
 * ordinary layouts, then the boss's lair.
 */
export interface LevelLayout {
  sName: string;
  aRows: readonly string[];
}

export const ORDINARY_LEVELS: readonly LevelLayout[] = [
  {
    sName: 'The Shallows',
    aRows: ['............', '............', '.1111111111.', '.1222222221.', '.1111111111.', '..1.1..1.1..'],
  },
  {
    sName: 'Reef of Eyes',
    aRows: ['............', '.2..2222..2.', '.2..3333..2.', '.2.3.11.3.2.', '.1..2222..1.', '....1..1....'],
  },
  {
    sName: 'Sunken Temple',
    aRows: [
      '.....44.....',
      '....3333....',
      '...2.22.2...',
      '..2.1111.2..',
      '.21......12.',
      '............',
      '1.1.1..1.1.1',
    ],
  },
  {
    sName: 'The Drowned Choir',
    aRows: [
      '4..........4',
      '.3..3..3..3.',
      '...222222...',
      '.2..2..2..2.',
      '...111111...',
      '............',
      '.1.2.11.2.1.',
    ],
  },
];

/** The boss fills rows 0..4 while it roams; its minions guard the rows under it. */
export const BOSS_LEVEL: LevelLayout = {
  sName: 'The Lair',
  aRows: [
    '............',
    '............',
    '............',
    '............',
    '............',
    '............',
    '2.2.2..2.2.2',
    '.1.1....1.1.',
  ],
};

export function levelLayout(iLevel: number, iLevels: number): LevelLayout {
  if (iLevel >= iLevels - 1) return BOSS_LEVEL;
  return ORDINARY_LEVELS[Math.min(iLevel, ORDINARY_LEVELS.length - 1)]!;
}

/** Fills grid (hp per cell, row-major) from a layout; returns the number of monsters placed. */
export function fillGrid(grid: Int32Array, layout: LevelLayout): number {
  grid.fill(0);
  let count = 0;
  for (let row = 0; row < GRID_ROWS && row < layout.aRows.length; row++) {
    const line = layout.aRows[row]!;
    for (let col = 0; col < GRID_COLS && col < line.length; col++) {
      const hp = line.charCodeAt(col) - 48;
      if (hp >= 1 && hp <= 4) {
        grid[row * GRID_COLS + col] = hp;
        count++;
      }
    }
  }
  return count;
}
