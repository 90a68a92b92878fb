/** Small helpers for the generated art: a seeded random source, number formatting, the palette (LOOK.md). */
export const PALETTE = {
  abyss: '#0b1014',
  surface: '#131b22',
  raised: '#1a242d',
  border: '#24323d',
  bone: '#e8e2d0',
  muted: '#9aa5ad',
  eldritch: '#4fd1a5',
  gold: '#d9a94a',
  danger: '#e0605e',
  deepTeal: '#0f2a26',
  midTeal: '#17463d',
  ink: '#05080a',
} as const;

/** mulberry32: the same seed draws the same picture on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function polyline(points: ReadonlyArray<readonly [number, number]>, close = false): string {
  const [first, ...rest] = points;
  if (!first) return '';
  return `M${f(first[0])} ${f(first[1])}${rest.map(([x, y]) => `L${f(x)} ${f(y)}`).join('')}${close ? 'Z' : ''}`;
}

export interface Point {
  x: number;
  y: number;
}

/** A tapered, curling limb from a base point: a filled outline plus points along it for suckers. */
export function tentacle(opts: {
  x: number;
  y: number;
  angle: number;
  length: number;
  width: number;
  curl: number;
  wave: number;
  phase: number;
  steps?: number;
}): { outline: string; spine: Point[]; widths: number[]; normals: number[] } {
  const steps = opts.steps ?? 48;
  const ds = opts.length / steps;
  const spine: Point[] = [];
  const widths: number[] = [];
  const normals: number[] = [];
  let { x, y } = opts;
  for (let i = 0; i <= steps; i++) {
    const s = i / steps;
    const heading = opts.angle + opts.curl * s ** 1.8 + opts.wave * Math.sin(opts.phase + s * Math.PI * 2.2) * s;
    spine.push({ x, y });
    widths.push(opts.width * (1 - s) ** 0.85 + 0.6);
    normals.push(heading + Math.PI / 2);
    x += Math.cos(heading) * ds;
    y += Math.sin(heading) * ds;
  }
  const left = spine.map(
    (p, i) => [p.x + Math.cos(normals[i]!) * widths[i]!, p.y + Math.sin(normals[i]!) * widths[i]!] as const,
  );
  const right = spine.map(
    (p, i) => [p.x - Math.cos(normals[i]!) * widths[i]!, p.y - Math.sin(normals[i]!) * widths[i]!] as const,
  );
  return { outline: polyline([...left, ...right.reverse()], true), spine, widths, normals };
}

/** An almond eye with a slit pupil; `open` 0…1 closes it (blinks). */
export function eye(opts: {
  x: number;
  y: number;
  size: number;
  color: string;
  open?: number;
  tilt?: number;
  glowId: string;
}): string {
  const open = opts.open ?? 1;
  const w = opts.size;
  const h = opts.size * 0.62 * Math.max(0.04, open);
  const rotate = opts.tilt ? ` transform="rotate(${f(opts.tilt)} ${f(opts.x)} ${f(opts.y)})"` : '';
  const lid = `M${f(opts.x - w)} ${f(opts.y)}Q${f(opts.x)} ${f(opts.y - h * 1.6)} ${f(opts.x + w)} ${f(opts.y)}Q${f(opts.x)} ${f(opts.y + h * 1.6)} ${f(opts.x - w)} ${f(opts.y)}Z`;
  const clip = `clip-${opts.glowId}-${f(opts.x)}-${f(opts.y)}`.replace(/\./g, '_');
  return `<g${rotate}>
  <circle cx="${f(opts.x)}" cy="${f(opts.y)}" r="${f(w * 1.9)}" fill="${opts.color}" opacity="${f(0.22 * open)}" filter="url(#${opts.glowId})"/>
  <clipPath id="${clip}"><path d="${lid}"/></clipPath>
  <path d="${lid}" fill="${PALETTE.ink}" stroke="${opts.color}" stroke-width="${f(Math.max(0.8, w * 0.08))}" stroke-opacity="0.8"/>
  <g clip-path="url(#${clip})">
    <circle cx="${f(opts.x)}" cy="${f(opts.y)}" r="${f(w * 0.62)}" fill="${opts.color}"/>
    <circle cx="${f(opts.x)}" cy="${f(opts.y)}" r="${f(w * 0.62)}" fill="url(#irisShade)"/>
    <ellipse cx="${f(opts.x)}" cy="${f(opts.y)}" rx="${f(w * 0.12)}" ry="${f(w * 0.5)}" fill="${PALETTE.ink}"/>
    <circle cx="${f(opts.x - w * 0.22)}" cy="${f(opts.y - w * 0.22)}" r="${f(w * 0.1)}" fill="${PALETTE.bone}" opacity="0.85"/>
  </g>
</g>`;
}

/** The specimen-plate frame every piece of art sits in. */
export function plateFrame(size: number, accent: string): string {
  const m = 14;
  const c = 26;
  const corners = [
    [m, m, 1, 1],
    [size - m, m, -1, 1],
    [m, size - m, 1, -1],
    [size - m, size - m, -1, -1],
  ] as const;
  return `<rect x="${m}" y="${m}" width="${size - 2 * m}" height="${size - 2 * m}" fill="none" stroke="${PALETTE.border}" stroke-width="2"/>
<rect x="${m + 6}" y="${m + 6}" width="${size - 2 * m - 12}" height="${size - 2 * m - 12}" fill="none" stroke="${PALETTE.raised}" stroke-width="1"/>
${corners
  .map(
    ([x, y, dx, dy]) =>
      `<path d="M${x} ${y + dy * c}L${x} ${y}L${x + dx * c} ${y}" fill="none" stroke="${accent}" stroke-width="2.5"/><circle cx="${x + dx * 10}" cy="${y + dy * 10}" r="2" fill="${accent}"/>`,
  )
  .join('\n')}`;
}

/** A ring of small invented glyphs (never letters), repeated `period` times so a rotation by 360/period loops. */
export function runeRing(opts: {
  cx: number;
  cy: number;
  r: number;
  count: number;
  color: string;
  seed: number;
  period?: number;
}): string {
  const period = opts.period ?? 1;
  const perRepeat = Math.max(1, Math.floor(opts.count / period));
  const glyphs: string[] = [];
  const draw = random(opts.seed);
  const shapes: string[] = [];
  for (let g = 0; g < perRepeat; g++) {
    const strokes: string[] = [];
    const n = 2 + Math.floor(draw() * 3);
    for (let s = 0; s < n; s++) {
      const x1 = (draw() - 0.5) * 8;
      const y1 = (draw() - 0.5) * 12;
      const x2 = (draw() - 0.5) * 8;
      const y2 = (draw() - 0.5) * 12;
      strokes.push(draw() < 0.3 ? `M${f(x1)} ${f(y1)}a3 3 0 1 0 0.1 0` : `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`);
    }
    shapes.push(strokes.join(''));
  }
  const total = perRepeat * period;
  for (let i = 0; i < total; i++) {
    const angle = (i / total) * 360;
    glyphs.push(
      `<path d="${shapes[i % perRepeat]}" transform="rotate(${f(angle)} ${opts.cx} ${opts.cy}) translate(${opts.cx} ${f(opts.cy - opts.r)})"/>`,
    );
  }
  return `<g fill="none" stroke="${opts.color}" stroke-width="1.4" stroke-linecap="round">${glyphs.join('')}</g>`;
}

/** A star polygon {n/k} (a sigil), optionally rotated. */
export function starPolygon(cx: number, cy: number, r: number, n: number, k: number, rotation = 0): string {
  const points: Array<readonly [number, number]> = [];
  for (let i = 0; i <= n; i++) {
    const a = ((i * k) / n) * Math.PI * 2 + rotation - Math.PI / 2;
    points.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return polyline(points, true);
}

export function motes(size: number, seed: number, count: number, color: string): string {
  const draw = random(seed);
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    dots.push(
      `<circle cx="${f(20 + draw() * (size - 40))}" cy="${f(20 + draw() * (size - 40))}" r="${f(0.4 + draw() * 1.3)}" fill="${color}" opacity="${f(0.15 + draw() * 0.5)}"/>`,
    );
  }
  return dots.join('');
}

export function commonDefs(accent: string): string {
  return `<radialGradient id="abyss" cx="50%" cy="42%" r="70%">
  <stop offset="0" stop-color="#16232b"/><stop offset="0.55" stop-color="${PALETTE.surface}"/><stop offset="1" stop-color="${PALETTE.abyss}"/>
</radialGradient>
<radialGradient id="vignette" cx="50%" cy="50%" r="72%">
  <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/>
</radialGradient>
<radialGradient id="halo" cx="50%" cy="50%" r="50%">
  <stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>
</radialGradient>
<radialGradient id="irisShade" cx="50%" cy="50%" r="50%">
  <stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
</radialGradient>
<linearGradient id="cloak" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${PALETTE.raised}"/><stop offset="1" stop-color="${PALETTE.abyss}"/>
</linearGradient>
<linearGradient id="flesh" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${PALETTE.midTeal}"/><stop offset="1" stop-color="${PALETTE.deepTeal}"/>
</linearGradient>
<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="softGlow" x="-50%" y="-50%" width="200%" height="200%">
  <feGaussianBlur stdDeviation="2.5" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge>
</filter>`;
}
