import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { main } from '../main';

/**
 * `npm start`: builds the web app when it is missing or older than its sources, seeds demo
 * content, then starts the server.
 */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = path.resolve(process.env.WEB_DIST ?? 'dist/web', 'index.html');
const sourcesChanged =
  !existsSync(builtIndex) ||
  Math.max(newestMtime('src/web'), newestMtime('src/protocol')) > statSync(builtIndex).mtimeMs;
if (sourcesChanged) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

await main();
