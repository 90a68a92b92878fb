import type { GameId } from '../../../../protocol/games';

/** Cover art drawn in code (no downloaded assets), in the game's palette. Decorative. */
export function GameArt({ game }: { game: GameId }) {
  return game === 'm1' ? <BreakerArt /> : <CurseArt />;
}

const ROWS = [
  ['#4fd1a5', '#4fd1a5', '#d9a94a', '#4fd1a5', '#e0605e', '#4fd1a5'],
  ['#d9a94a', '#4fd1a5', '#4fd1a5', '#d9a94a', '#4fd1a5', '#d9a94a'],
  ['#4fd1a5', '#e0605e', '#4fd1a5', '#4fd1a5', '#4fd1a5', '#4fd1a5'],
];
/** The monster wall: one block is nearly broken. */
const BLOCKS = ROWS.flatMap((row, r) =>
  row.map((color, c) => ({ id: `block-${r}-${c}`, x: 24 + c * 33, y: 42 + r * 15, color, broken: r === 2 && c === 4 })),
);

function BreakerArt() {
  return (
    <svg viewBox="0 0 240 150" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="mb-abyss" cx="50%" cy="20%" r="90%">
          <stop offset="0" stopColor="#16302a" />
          <stop offset="1" stopColor="#0b1014" />
        </radialGradient>
        <radialGradient id="mb-ball" cx="40%" cy="35%" r="60%">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#4fd1a5" />
        </radialGradient>
      </defs>
      <rect width="240" height="150" fill="url(#mb-abyss)" />
      <path d="M80 14 q40 -18 80 0 v16 q-40 12 -80 0z" fill="#1f3b35" stroke="#4fd1a5" strokeOpacity="0.5" />
      <circle cx="106" cy="20" r="3" fill="#d9a94a" />
      <circle cx="134" cy="20" r="3" fill="#d9a94a" />
      {BLOCKS.map((block) => (
        <rect
          key={block.id}
          x={block.x}
          y={block.y}
          width="29"
          height="11"
          rx="3"
          fill={block.color}
          fillOpacity={block.broken ? 0.15 : 0.85}
        />
      ))}
      <path d="M118 128 L150 96" stroke="#4fd1a5" strokeOpacity="0.35" strokeWidth="2" strokeDasharray="3 4" />
      <circle cx="152" cy="94" r="5" fill="url(#mb-ball)" />
      <rect x="96" y="130" width="48" height="7" rx="3.5" fill="#e8e2d0" />
      <g fill="#d9a94a">
        <circle cx="186" cy="100" r="1.5" />
        <circle cx="60" cy="112" r="1" />
        <circle cx="200" cy="60" r="1" />
      </g>
    </svg>
  );
}

/** The alphabet around the decoder ring, upright, between its two circles. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((letter, i) => {
  const angle = (i / 26) * Math.PI * 2 - Math.PI / 2;
  return { letter, x: 120 + Math.cos(angle) * 50, y: 78 + Math.sin(angle) * 50 };
});

function CurseArt() {
  return (
    <svg viewBox="0 0 240 150" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="cb-glow" cx="50%" cy="55%" r="60%">
          <stop offset="0" stopColor="#2b2414" />
          <stop offset="1" stopColor="#0b1014" />
        </radialGradient>
      </defs>
      <rect width="240" height="150" fill="url(#cb-glow)" />
      <circle cx="120" cy="75" r="62" fill="none" stroke="#d9a94a" strokeOpacity="0.8" strokeWidth="2" />
      <circle cx="120" cy="75" r="38" fill="none" stroke="#4fd1a5" strokeOpacity="0.6" strokeWidth="1.5" />
      <g fontFamily="Cinzel, Georgia, serif" fontSize="9" fill="#d9a94a" textAnchor="middle">
        {LETTERS.map(({ letter, x, y }) => (
          <text key={letter} x={x} y={y}>
            {letter}
          </text>
        ))}
      </g>
      <path d="M120 46 l7 29 l-7 29 l-7 -29z" fill="#4fd1a5" fillOpacity="0.8" />
      <circle cx="120" cy="75" r="4" fill="#0b1014" stroke="#e8e2d0" />
    </svg>
  );
}
