import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test-version'), __DEBUG_ALLOWED__: 'true' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (cores − 1) runs one file at a time on CI's 2 cores, while the files wait on
    // PostgreSQL, sockets and timers: two at a time took the suite from 504 to 352 s (decision 0258).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
