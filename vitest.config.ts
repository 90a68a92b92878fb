import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test-version'), __DEBUG_ALLOWED__: 'true' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
