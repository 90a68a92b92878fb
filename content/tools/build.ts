/**
 * Regenerates the shipped art under content/media from the designs in this folder:
 *   node --import tsx content/tools/build.ts [--video]
 * --video also renders the looping Agent video (needs ffmpeg with librsvg).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_DESIGNS, agentSvg } from './agents';
import { MYTHOPEDIA_PLATES } from './mythopedia';
import { STORE_ART } from './store';

const media = fileURLToPath(new URL('../media/', import.meta.url));
mkdirSync(path.join(media, 'agents'), { recursive: true });
mkdirSync(path.join(media, 'mythopedia'), { recursive: true });
mkdirSync(path.join(media, 'store'), { recursive: true });

for (const [name, design] of Object.entries(AGENT_DESIGNS)) {
  writeFileSync(path.join(media, 'agents', `${name}.svg`), agentSvg(design));
}
for (const [name, draw] of Object.entries(MYTHOPEDIA_PLATES)) {
  writeFileSync(path.join(media, 'mythopedia', `${name}.svg`), draw());
}
for (const [name, draw] of Object.entries(STORE_ART)) {
  writeFileSync(path.join(media, 'store', `${name}.svg`), draw());
}

const VIDEO_AGENT = 'monster-breaker';
const FPS = 20;
const SECONDS = 3;

if (process.argv.includes('--video')) {
  const design = AGENT_DESIGNS[VIDEO_AGENT];
  if (!design) throw new Error(`No design ${VIDEO_AGENT}`);
  const frames = mkdtempSync(path.join(tmpdir(), 'agent-frames-'));
  try {
    const count = FPS * SECONDS;
    for (let i = 0; i < count; i++) {
      writeFileSync(path.join(frames, `f${String(i).padStart(3, '0')}.svg`), agentSvg(design, i / count));
    }
    execFileSync(
      'ffmpeg',
      [
        ...['-loglevel', 'error', '-y', '-framerate', String(FPS), '-i', path.join(frames, 'f%03d.svg')],
        ...['-vf', 'scale=384:384:flags=lanczos', '-c:v', 'libx264', '-preset', 'slow', '-crf', '23'],
        ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an'],
        path.join(media, 'agents', `${VIDEO_AGENT}.mp4`),
      ],
      { stdio: 'inherit' },
    );
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}
console.log(`Art written to ${media}`);
