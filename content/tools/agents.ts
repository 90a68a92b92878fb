import { commonDefs, eye, f, motes, PALETTE, plateFrame, random, runeRing, starPolygon, tentacle } from './svg';

/** The Agent designs: each a hooded servant of the deep, drawn from a few parameters. */
export type Hood = 'pointed' | 'round' | 'horned' | 'crowned' | 'veiled' | 'helm';
export type EyeLayout = 'single' | 'pair' | 'triad' | 'vertical' | 'cluster' | 'crown';
export type Sigil = 'runes' | 'star' | 'eye' | 'spiral';

export interface AgentDesign {
  seed: number;
  hood: Hood;
  eyes: EyeLayout;
  eyeColor: string;
  sigil: Sigil;
  sigilColor: string;
  beard: number;
  hem: number;
  back: number;
}

const SIZE = 512;
const CX = 256;
const FACE_Y = 200;

const HOODS: Record<Hood, string> = {
  pointed:
    'M256 88C302 108 332 168 334 230C372 250 394 300 402 360L430 530L82 530L110 360C118 300 140 250 178 230C180 168 210 108 256 88Z',
  round:
    'M256 104C316 104 344 160 342 226C378 248 398 300 404 360L430 530L82 530L108 360C114 300 134 248 170 226C168 160 196 104 256 104Z',
  horned:
    'M256 100C304 112 334 166 336 228C374 250 396 300 402 360L430 530L82 530L110 360C116 300 138 250 176 228C178 166 208 112 256 100Z',
  crowned:
    'M256 112C308 116 336 168 336 228C374 250 396 300 402 360L430 530L82 530L110 360C116 300 138 250 176 228C176 168 204 116 256 112Z',
  veiled:
    'M256 96C306 112 336 170 338 232C376 252 396 302 404 362L430 530L82 530L108 362C116 302 136 252 174 232C176 170 206 112 256 96Z',
  helm: 'M256 210C330 214 378 262 398 330L430 530L82 530L114 330C134 262 182 214 256 210Z',
};

const FACE = 'M256 134C300 142 314 190 302 240C292 270 220 270 210 240C198 190 212 142 256 134Z';

function eyePositions(layout: EyeLayout, seed: number): Array<{ x: number; y: number; size: number; tilt: number }> {
  const draw = random(seed);
  switch (layout) {
    case 'single':
      return [{ x: CX, y: FACE_Y, size: 24, tilt: 0 }];
    case 'pair':
      return [
        { x: CX - 22, y: FACE_Y - 4, size: 13, tilt: 12 },
        { x: CX + 22, y: FACE_Y - 4, size: 13, tilt: -12 },
      ];
    case 'triad':
      return [
        { x: CX, y: FACE_Y - 30, size: 12, tilt: 90 },
        { x: CX - 22, y: FACE_Y + 4, size: 13, tilt: 10 },
        { x: CX + 22, y: FACE_Y + 4, size: 13, tilt: -10 },
      ];
    case 'vertical':
      return [
        { x: CX, y: FACE_Y - 38, size: 10, tilt: 0 },
        { x: CX, y: FACE_Y - 6, size: 14, tilt: 0 },
        { x: CX, y: FACE_Y + 26, size: 10, tilt: 0 },
      ];
    case 'cluster': {
      const spots = [
        [0, -30, 11],
        [-24, -8, 9],
        [22, -12, 12],
        [-6, 10, 14],
        [24, 22, 7],
        [-26, 26, 8],
        [4, 40, 6],
        [-14, -44, 5],
      ] as const;
      return spots.map(([dx, dy, s]) => ({ x: CX + dx, y: FACE_Y + dy, size: s, tilt: (draw() - 0.5) * 50 }));
    }
    case 'crown': {
      const ring = Array.from({ length: 7 }, (_, i) => {
        const a = Math.PI * (1.1 + (i / 6) * 0.8);
        return { x: CX + Math.cos(a) * 72, y: FACE_Y + 8 + Math.sin(a) * 86, size: 7, tilt: (a * 180) / Math.PI + 90 };
      });
      return [{ x: CX, y: FACE_Y + 4, size: 20, tilt: 0 }, ...ring];
    }
  }
}

function sigilLayer(design: AgentDesign, t: number): string {
  const turn = t * 360;
  const color = design.sigilColor;
  const cy = FACE_Y + 10;
  const ring = (r: number, w: number, o: number) =>
    `<circle cx="${CX}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${w}" opacity="${o}"/>`;
  switch (design.sigil) {
    case 'runes':
      return `<g opacity="0.75">${ring(176, 1.5, 0.6)}${ring(150, 1, 0.45)}
<g transform="rotate(${f(turn / 3)} ${CX} ${cy})">${runeRing({ cx: CX, cy, r: 163, count: 36, color, seed: design.seed, period: 3 })}</g></g>`;
    case 'star':
      return `<g opacity="0.7" transform="rotate(${f(turn / 7)} ${CX} ${cy})">${ring(172, 1.5, 0.6)}
<path d="${starPolygon(CX, cy, 168, 7, 3)}" fill="none" stroke="${color}" stroke-width="1.6" opacity="0.7"/>
<path d="${starPolygon(CX, cy, 120, 7, 2)}" fill="none" stroke="${color}" stroke-width="1" opacity="0.45"/></g>`;
    case 'eye': {
      const rays = Array.from({ length: 24 }, (_, i) => {
        const a = (i / 24) * Math.PI * 2;
        const r1 = 150;
        const r2 = i % 2 ? 190 : 205;
        return `M${f(CX + Math.cos(a) * r1)} ${f(cy + Math.sin(a) * r1)}L${f(CX + Math.cos(a) * r2)} ${f(cy + Math.sin(a) * r2)}`;
      }).join('');
      return `<g opacity="0.6"><path d="M${CX - 200} ${cy}Q${CX} ${cy - 190} ${CX + 200} ${cy}Q${CX} ${cy + 190} ${CX - 200} ${cy}Z" fill="none" stroke="${color}" stroke-width="2"/>
${ring(140, 1.2, 0.7)}<path d="${rays}" stroke="${color}" stroke-width="1.4" opacity="0.6"/></g>`;
    }
    case 'spiral': {
      const arms = Array.from({ length: 5 }, (_, arm) => {
        const points: Array<readonly [number, number]> = [];
        for (let i = 0; i <= 60; i++) {
          const a = (arm / 5) * Math.PI * 2 + i * 0.075 + (turn * Math.PI) / 900;
          const r = 30 + i * 2.6;
          points.push([CX + Math.cos(a) * r, cy + Math.sin(a) * r]);
        }
        return `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}`;
      }).join('');
      return `<g opacity="0.55">${ring(190, 1.2, 0.6)}<path d="${arms}" fill="none" stroke="${color}" stroke-width="1.6"/></g>`;
    }
  }
}

function limbs(design: AgentDesign, kind: 'beard' | 'hem' | 'back', count: number, t: number): string {
  if (count === 0) return '';
  const draw = random(design.seed * 31 + kind.length);
  const phase = t * Math.PI * 2;
  const shapes: string[] = [];
  for (let i = 0; i < count; i++) {
    const u = count === 1 ? 0.5 : i / (count - 1);
    const side = u < 0.5 ? -1 : 1;
    const jitter = draw();
    let spec: Parameters<typeof tentacle>[0];
    if (kind === 'beard') {
      spec = {
        x: CX - 30 + u * 60,
        y: FACE_Y + 46,
        angle: Math.PI / 2 + (u - 0.5) * 0.7,
        length: 60 + jitter * 40 - Math.abs(u - 0.5) * 30,
        width: 5.5 + jitter * 2,
        curl: -(u - 0.5) * 2.6 + (jitter - 0.5) * 0.6,
        wave: 0.3,
        phase: phase + i * 1.3,
      };
    } else if (kind === 'hem') {
      const k = Math.floor(i / 2);
      const hemSide = i % 2 === 0 ? -1 : 1;
      spec = {
        x: CX + hemSide * (100 + k * 22),
        y: 500 - k * 30,
        angle: hemSide < 0 ? Math.PI + 0.1 + k * 0.3 : -0.1 - k * 0.3,
        length: 120 + jitter * 50 - k * 12,
        width: 14 + jitter * 4,
        curl: -hemSide * (2.4 + jitter * 1.2),
        wave: 0.25,
        phase: phase + i * 0.9,
      };
    } else {
      spec = {
        x: 190 + u * 132,
        y: 270,
        angle: -Math.PI / 2 + (u - 0.5) * 2.4,
        length: 190 + jitter * 60,
        width: 15 + jitter * 4,
        curl: side * (1.2 + jitter * 1.2),
        wave: 0.25,
        phase: phase + i * 1.7,
      };
    }
    const limb = tentacle(spec);
    const suckers = limb.spine
      .map((p, j) => {
        if (j % 4 !== 2 || j > limb.spine.length - 6) return '';
        const w = limb.widths[j]!;
        const n = limb.normals[j]!;
        return `<circle cx="${f(p.x + Math.cos(n) * w * 0.45)}" cy="${f(p.y + Math.sin(n) * w * 0.45)}" r="${f(w * 0.3)}" fill="${PALETTE.bone}" opacity="0.28"/>`;
      })
      .join('');
    shapes.push(
      `<path d="${limb.outline}" fill="url(#flesh)" stroke="${design.eyeColor}" stroke-opacity="0.35" stroke-width="1.2"/>${kind === 'beard' ? '' : suckers}`,
    );
  }
  return `<g>${shapes.join('')}</g>`;
}

function hoodExtras(design: AgentDesign): string {
  if (design.hood === 'horned') {
    const horn = (side: number) =>
      tentacle({
        x: CX + side * 58,
        y: 150,
        angle: -Math.PI / 2 - side * 0.5,
        length: 120,
        width: 11,
        curl: side * 2.6,
        wave: 0,
        phase: 0,
      }).outline;
    return `<path d="${horn(-1)}${horn(1)}" fill="${PALETTE.bone}" opacity="0.85" stroke="${PALETTE.muted}" stroke-width="1"/>`;
  }
  if (design.hood === 'crowned') {
    const spikes = Array.from({ length: 7 }, (_, i) => {
      const x = CX - 66 + i * 22;
      const h = 34 + (3 - Math.abs(i - 3)) * 12;
      return `M${x - 8} 126L${x} ${126 - h}L${x + 8} 126Z`;
    }).join('');
    return `<path d="${spikes}" fill="${PALETTE.gold}" opacity="0.9"/><path d="M184 128L328 128" stroke="${PALETTE.gold}" stroke-width="4"/>`;
  }
  return '';
}

function clasp(design: AgentDesign): string {
  if (design.hood === 'helm') return '';
  return `<circle cx="${CX}" cy="292" r="13" fill="${PALETTE.abyss}" stroke="${PALETTE.gold}" stroke-width="3"/>
<path d="${starPolygon(CX, 292, 8, 5, 2)}" fill="none" stroke="${design.eyeColor}" stroke-width="1.2"/>`;
}

function face(design: AgentDesign, t: number): string {
  const blink = 1 - Math.max(0, 1 - Math.abs(t - 0.62) * 22);
  const eyes = eyePositions(design.eyes, design.seed)
    .map((p, i) => eye({ ...p, color: design.eyeColor, glowId: 'glow', open: i % 2 === 0 ? blink : 1 }))
    .join('');
  if (design.hood === 'helm') {
    return `<circle cx="${CX}" cy="${FACE_Y}" r="92" fill="${PALETTE.raised}" stroke="${PALETTE.gold}" stroke-width="6"/>
<circle cx="${CX}" cy="${FACE_Y}" r="58" fill="${PALETTE.ink}" stroke="${PALETTE.gold}" stroke-width="4"/>
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<circle cx="${f(CX + Math.cos((i / 8) * Math.PI * 2) * 75)}" cy="${f(FACE_Y + Math.sin((i / 8) * Math.PI * 2) * 75)}" r="4" fill="${PALETTE.gold}"/>`).join('')}
<path d="M${CX - 58} ${FACE_Y}L${CX + 58} ${FACE_Y}M${CX} ${FACE_Y - 58}L${CX} ${FACE_Y + 58}" stroke="${PALETTE.gold}" stroke-width="2" opacity="0.5"/>
${eyes}`;
  }
  const veil =
    design.hood === 'veiled'
      ? `<path d="M206 176C230 160 282 160 306 176L318 292C290 300 222 300 194 292Z" fill="${PALETTE.bone}" opacity="0.12"/>
<path d="M206 176C230 160 282 160 306 176" fill="none" stroke="${PALETTE.bone}" stroke-width="1.5" opacity="0.5"/>`
      : '';
  return `<path d="${FACE}" fill="${PALETTE.ink}"/>${eyes}${veil}`;
}

/** One frame of an Agent: `t` (0…1) moves limbs, sigil and a blink so frames 0→1 loop. */
export function agentSvg(design: AgentDesign, t = 0): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
<defs>${commonDefs(design.eyeColor)}</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#abyss)"/>
${motes(SIZE, design.seed, 60, PALETTE.bone)}
<circle cx="${CX}" cy="${FACE_Y}" r="200" fill="url(#halo)"/>
${sigilLayer(design, t)}
${limbs(design, 'back', design.back, t)}
${hoodExtras(design)}
<path d="${HOODS[design.hood]}" fill="url(#cloak)" stroke="${PALETTE.border}" stroke-width="2"/>
<path d="${HOODS[design.hood]}" fill="none" stroke="${design.eyeColor}" stroke-width="1" opacity="0.25"/>
<path d="M256 300L256 520M214 312L192 520M298 312L320 520" stroke="${PALETTE.abyss}" stroke-width="3" opacity="0.6"/>
${clasp(design)}
${face(design, t)}
${limbs(design, 'beard', design.beard, t)}
${limbs(design, 'hem', design.hem, t)}
<rect width="${SIZE}" height="${SIZE}" fill="url(#vignette)"/>
${plateFrame(SIZE, PALETTE.gold)}
</svg>
`;
}

export const AGENT_DESIGNS: Record<string, AgentDesign> = {
  'drowned-archivist': {
    seed: 11,
    hood: 'pointed',
    eyes: 'cluster',
    eyeColor: PALETTE.eldritch,
    sigil: 'runes',
    sigilColor: PALETTE.gold,
    beard: 6,
    hem: 0,
    back: 0,
  },
  'tide-warden': {
    seed: 23,
    hood: 'horned',
    eyes: 'pair',
    eyeColor: PALETTE.gold,
    sigil: 'star',
    sigilColor: PALETTE.eldritch,
    beard: 0,
    hem: 6,
    back: 0,
  },
  lamplighter: {
    seed: 37,
    hood: 'round',
    eyes: 'single',
    eyeColor: PALETTE.gold,
    sigil: 'eye',
    sigilColor: PALETTE.gold,
    beard: 0,
    hem: 0,
    back: 4,
  },
  'pale-choir': {
    seed: 41,
    hood: 'veiled',
    eyes: 'vertical',
    eyeColor: PALETTE.danger,
    sigil: 'spiral',
    sigilColor: PALETTE.bone,
    beard: 0,
    hem: 4,
    back: 0,
  },
  'deep-cartographer': {
    seed: 53,
    hood: 'helm',
    eyes: 'single',
    eyeColor: PALETTE.eldritch,
    sigil: 'runes',
    sigilColor: PALETTE.eldritch,
    beard: 0,
    hem: 0,
    back: 5,
  },
  'ninth-gate-herald': {
    seed: 67,
    hood: 'crowned',
    eyes: 'triad',
    eyeColor: PALETTE.danger,
    sigil: 'star',
    sigilColor: PALETTE.gold,
    beard: 5,
    hem: 0,
    back: 6,
  },
  'monster-breaker': {
    seed: 79,
    hood: 'pointed',
    eyes: 'crown',
    eyeColor: PALETTE.eldritch,
    sigil: 'runes',
    sigilColor: PALETTE.gold,
    beard: 0,
    hem: 7,
    back: 4,
  },
};
