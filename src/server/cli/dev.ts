import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server (restarting on change) on :3000 and Vite's dev server with hot
 * reload on :5173, which proxies /api and /media to the API server. Open http://localhost:5173.
 */
const children: ChildProcess[] = [
  spawn('node', ['--watch', '--import', 'tsx', 'src/server/cli/serve.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
