import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = 'tests/server';
/** A server test that replaces a module (`vi.mock`) needs a module graph of its own: it runs isolated. */
const replacesAModule = readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `${SERVER_TESTS}/${file}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test-version'), __DEBUG_ALLOWED__: 'true' },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (cores − 1) runs one file at a time on CI's 2 cores, while the files wait on
    // PostgreSQL, sockets and timers: two at a time took the suite from 504 to 352 s (decision 0258).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', ...replacesAModule],
        },
      },
      {
        // Each server file builds its own app on its own databases; what it would share is the
        // server's modules, loaded once a worker instead of once a file (decision 0270).
        extends: true,
        test: {
          name: 'server',
          include: [`${SERVER_TESTS}/**/*.test.ts`],
          exclude: replacesAModule,
          isolate: false,
        },
      },
    ],
  },
});
