import { commonDefs, eye, f, motes, PALETTE, plateFrame, polyline, random, starPolygon, tentacle } from './svg';

/** Plates of the Mythopedia pages: places and signs of the drowned mythos. */
const SIZE = 512;

function page(accent: string, seed: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
<defs>${commonDefs(accent)}
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${PALETTE.deepTeal}"/><stop offset="1" stop-color="${PALETTE.abyss}"/></linearGradient>
<radialGradient id="moon" cx="50%" cy="50%" r="50%"><stop offset="0.7" stop-color="${PALETTE.bone}"/><stop offset="1" stop-color="${PALETTE.muted}"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#abyss)"/>
${motes(SIZE, seed, 90, PALETTE.bone)}
${body}
<rect width="${SIZE}" height="${SIZE}" fill="url(#vignette)"/>
${plateFrame(SIZE, accent)}
</svg>
`;
}

function waves(y0: number, rows: number, seed: number, color: string): string {
  const draw = random(seed);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const y = y0 + r * 16 + r * r * 1.5;
    const points: Array<readonly [number, number]> = [];
    const phase = draw() * 6;
    for (let x = 20; x <= SIZE - 20; x += 8) points.push([x, y + Math.sin(x / (18 + r * 4) + phase) * (2 + r * 0.6)]);
    lines.push(
      `<path d="${polyline(points)}" fill="none" stroke="${color}" stroke-width="${f(0.8 + r * 0.15)}" opacity="${f(0.5 - r * 0.03)}"/>`,
    );
  }
  return lines.join('');
}

function sunkenCity(): string {
  const draw = random(5);
  const towers: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 90 + i * 40 + (draw() - 0.5) * 16;
    const h = 80 + draw() * 130 - Math.abs(i - 4) * 12;
    const lean = (draw() - 0.5) * 30;
    const w = 18 + draw() * 16;
    towers.push(
      `<path d="M${f(x - w)} 320L${f(x - w * 0.6 + lean)} ${f(320 - h)}L${f(x + w * 0.3 + lean * 1.3)} ${f(320 - h - 22)}L${f(x + w)} 320Z" fill="${PALETTE.raised}" stroke="${PALETTE.border}" stroke-width="1.5"/>`,
      `<path d="M${f(x - w * 0.3 + lean * 0.5)} ${f(320 - h * 0.5)}l6 -9l6 9" fill="none" stroke="${PALETTE.eldritch}" stroke-width="1.2" opacity="0.7"/>`,
    );
  }
  const rising = tentacle({
    x: 380,
    y: 340,
    angle: -Math.PI / 2 - 0.2,
    length: 170,
    width: 16,
    curl: -2.8,
    wave: 0.2,
    phase: 1,
  });
  return `<circle cx="150" cy="130" r="120" fill="url(#halo)"/><circle cx="150" cy="130" r="46" fill="url(#moon)" opacity="0.92"/>
<circle cx="168" cy="122" r="40" fill="${PALETTE.surface}" opacity="0.35"/>
${towers.join('')}
<path d="M228 320L244 178L286 170L300 320Z" fill="${PALETTE.surface}" stroke="${PALETTE.gold}" stroke-width="1.5"/>
${eye({ x: 266, y: 226, size: 14, color: PALETTE.gold, glowId: 'glow' })}
<path d="${rising.outline}" fill="url(#flesh)" stroke="${PALETTE.eldritch}" stroke-opacity="0.4"/>
<rect x="20" y="318" width="${SIZE - 40}" height="180" fill="url(#sea)" opacity="0.95"/>
${waves(326, 10, 9, PALETTE.eldritch)}`;
}

function dreamingStars(): string {
  const draw = random(17);
  const stars = Array.from({ length: 14 }, () => [60 + draw() * 392, 60 + draw() * 392] as const);
  const constellation = [0, 3, 5, 8, 11, 2, 7, 13, 9].map((i) => stars[i]!);
  const orbits = [70, 118, 166]
    .map(
      (r, i) =>
        `<ellipse cx="256" cy="256" rx="${r * 1.35}" ry="${r}" fill="none" stroke="${PALETTE.gold}" stroke-width="1" opacity="${0.5 - i * 0.1}" transform="rotate(${-18 + i * 14} 256 256)"/>`,
    )
    .join('');
  return `${orbits}
<path d="${polyline(constellation)}" fill="none" stroke="${PALETTE.gold}" stroke-width="1.2" opacity="0.7"/>
${stars.map(([x, y], i) => `<path d="${starPolygon(x, y, 4 + (i % 3) * 2, 4, 1)}" fill="${PALETTE.bone}" opacity="0.9"/>`).join('')}
<circle cx="256" cy="256" r="90" fill="url(#halo)"/>
${eye({ x: 256, y: 256, size: 46, color: PALETTE.eldritch, glowId: 'glow' })}
<path d="M160 256Q256 170 352 256" fill="none" stroke="${PALETTE.bone}" stroke-width="1.5" opacity="0.5"/>`;
}

function lighthouse(): string {
  const limbs = [
    { x: 90, y: 420, angle: -Math.PI / 2 + 0.2, length: 200, width: 15, curl: 2.4, wave: 0.2, phase: 0.5 },
    { x: 430, y: 430, angle: -Math.PI / 2 - 0.1, length: 230, width: 17, curl: -2.6, wave: 0.2, phase: 2 },
    { x: 180, y: 470, angle: -Math.PI / 2 + 0.5, length: 120, width: 10, curl: 3, wave: 0.3, phase: 3 },
  ].map(
    (spec) =>
      `<path d="${tentacle(spec).outline}" fill="url(#flesh)" stroke="${PALETTE.eldritch}" stroke-opacity="0.45"/>`,
  );
  return `<path d="M300 150L470 90L470 210Z" fill="${PALETTE.gold}" opacity="0.18"/>
<path d="M300 150L40 110L40 190Z" fill="${PALETTE.gold}" opacity="0.12"/>
<path d="M230 380L250 170L290 170L310 380Z" fill="${PALETTE.raised}" stroke="${PALETTE.border}" stroke-width="2"/>
<path d="M236 300L304 300M241 240L299 240" stroke="${PALETTE.danger}" stroke-width="8" opacity="0.55"/>
<rect x="246" y="132" width="48" height="38" fill="${PALETTE.surface}" stroke="${PALETTE.gold}" stroke-width="2"/>
<circle cx="270" cy="151" r="12" fill="${PALETTE.gold}" filter="url(#softGlow)"/>
<path d="M240 132L270 104L300 132Z" fill="${PALETTE.border}"/>
<path d="M150 380C190 350 330 346 380 380L400 400L130 400Z" fill="${PALETTE.surface}" stroke="${PALETTE.border}"/>
${limbs.join('')}
<rect x="20" y="396" width="${SIZE - 40}" height="100" fill="url(#sea)"/>
${waves(402, 6, 21, PALETTE.eldritch)}`;
}

function elderSign(): string {
  const draw = random(29);
  const cracks = Array.from({ length: 6 }, () => {
    const points: Array<readonly [number, number]> = [];
    let x = 110 + draw() * 290;
    let y = 80 + draw() * 40;
    for (let i = 0; i < 5; i++) {
      points.push([x, y]);
      x += (draw() - 0.5) * 40;
      y += 14 + draw() * 30;
    }
    return polyline(points);
  }).join('');
  const branches = Array.from({ length: 5 }, (_, i) => {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    const x = 256 + Math.cos(a) * 150;
    const y = 270 + Math.sin(a) * 150;
    return `M${f(x)} ${f(y)}l${f(Math.cos(a - 0.5) * 26)} ${f(Math.sin(a - 0.5) * 26)}M${f(x)} ${f(y)}l${f(Math.cos(a + 0.5) * 26)} ${f(Math.sin(a + 0.5) * 26)}`;
  }).join('');
  return `<rect x="96" y="70" width="320" height="390" rx="26" fill="${PALETTE.raised}" stroke="${PALETTE.border}" stroke-width="3"/>
<path d="${cracks}" fill="none" stroke="${PALETTE.abyss}" stroke-width="1.5" opacity="0.8"/>
<circle cx="256" cy="270" r="170" fill="url(#halo)"/>
<path d="${starPolygon(256, 270, 150, 5, 2)}" fill="none" stroke="${PALETTE.eldritch}" stroke-width="5" stroke-linejoin="round" filter="url(#softGlow)"/>
<path d="${branches}" stroke="${PALETTE.eldritch}" stroke-width="4" stroke-linecap="round"/>
<path d="M256 226C276 244 280 262 256 300C232 262 236 244 256 226Z" fill="${PALETTE.gold}" opacity="0.9" filter="url(#softGlow)"/>
${eye({ x: 256, y: 272, size: 16, color: PALETTE.danger, glowId: 'glow' })}`;
}

export const MYTHOPEDIA_PLATES: Record<string, () => string> = {
  'sunken-city': () => page(PALETTE.eldritch, 3, sunkenCity()),
  'dreaming-stars': () => page(PALETTE.gold, 13, dreamingStars()),
  'lighthouse-tithe': () => page(PALETTE.gold, 19, lighthouse()),
  'elder-sign': () => page(PALETTE.eldritch, 31, elderSign()),
};
