import { commonDefs, eye, f, motes, PALETTE, plateFrame, runeRing, starPolygon } from './svg';

/** Art of the reward store's own goods (collectible items show their template's art): raffle tickets. */
const SIZE = 512;

function plate(seed: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
<defs>${commonDefs(PALETTE.gold)}
<linearGradient id="paper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a2f1a"/><stop offset="0.5" stop-color="#2a2215"/><stop offset="1" stop-color="#1d170e"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#abyss)"/>
${motes(SIZE, seed, 80, PALETTE.gold)}
<circle cx="256" cy="256" r="210" fill="url(#halo)"/>
${body}
<rect width="${SIZE}" height="${SIZE}" fill="url(#vignette)"/>
${plateFrame(SIZE, PALETTE.gold)}
</svg>
`;
}

/** One ticket: a notched gold-edged slip with a sigil eye, centred at (cx, cy), turned by `angle` degrees. */
function ticket(cx: number, cy: number, angle: number, seed: number, scale = 1): string {
  const w = 250 * scale;
  const h = 130 * scale;
  const r = 16 * scale;
  const x = cx - w / 2;
  const y = cy - h / 2;
  // Notches halfway along the short sides, like a torn-off stub.
  const outline = `M${f(x)} ${f(y)}H${f(x + w)}V${f(cy - r)}A${f(r)} ${f(r)} 0 0 0 ${f(x + w)} ${f(cy + r)}V${f(y + h)}H${f(x)}V${f(cy + r)}A${f(r)} ${f(r)} 0 0 0 ${f(x)} ${f(cy - r)}Z`;
  const stub = x + w * 0.72;
  return `<g transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})">
  <path d="${outline}" fill="url(#paper)" stroke="${PALETTE.gold}" stroke-width="${f(2.5 * scale)}"/>
  <path d="M${f(x + 10 * scale)} ${f(y + 10 * scale)}H${f(x + w - 10 * scale)}V${f(y + h - 10 * scale)}H${f(x + 10 * scale)}Z" fill="none" stroke="${PALETTE.gold}" stroke-opacity="0.35" stroke-width="1"/>
  <path d="M${f(stub)} ${f(y + 8 * scale)}V${f(y + h - 8 * scale)}" stroke="${PALETTE.gold}" stroke-opacity="0.6" stroke-dasharray="${f(5 * scale)} ${f(5 * scale)}" stroke-width="1.5"/>
  ${runeRing({ cx: x + w * 0.36, cy, r: 44 * scale, count: 14, color: PALETTE.gold, seed })}
  <path d="${starPolygon(x + w * 0.36, cy, 30 * scale, 7, 3)}" fill="none" stroke="${PALETTE.gold}" stroke-opacity="0.5" stroke-width="1.2"/>
  ${eye({ x: x + w * 0.36, y: cy, size: 16 * scale, color: PALETTE.eldritch, glowId: 'glow' })}
  <circle cx="${f(stub + (w - (stub - x)) / 2)}" cy="${f(cy)}" r="${f(12 * scale)}" fill="none" stroke="${PALETTE.gold}" stroke-width="2"/>
  <circle cx="${f(stub + (w - (stub - x)) / 2)}" cy="${f(cy)}" r="${f(4 * scale)}" fill="${PALETTE.gold}"/>
</g>`;
}

/** Three tickets fanned out: a bundle. */
function ticketBundle(): string {
  return plate(31, `${ticket(250, 300, -18, 3, 0.92)}${ticket(262, 262, -4, 5, 0.92)}${ticket(270, 224, 10, 7, 0.92)}`);
}

/** One ticket before the raffle's wheel of stars: an entry. */
function raffleEntry(): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return `<path d="M${f(256 + Math.cos(a) * 120)} ${f(200 + Math.sin(a) * 120)}L${f(256 + Math.cos(a) * 170)} ${f(200 + Math.sin(a) * 170)}" stroke="${PALETTE.eldritch}" stroke-opacity="0.45" stroke-width="2"/>`;
  }).join('');
  return plate(
    47,
    `<circle cx="256" cy="200" r="120" fill="none" stroke="${PALETTE.eldritch}" stroke-opacity="0.5" stroke-width="2"/>
${rays}
<path d="${starPolygon(256, 200, 104, 9, 4)}" fill="none" stroke="${PALETTE.eldritch}" stroke-opacity="0.35" stroke-width="1.5"/>
${ticket(256, 330, -6, 11, 1.1)}`,
  );
}

export const STORE_ART: Record<string, () => string> = {
  'ticket-bundle': ticketBundle,
  'raffle-entry': raffleEntry,
};
