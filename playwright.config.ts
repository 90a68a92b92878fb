import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server and a
 * fresh SQLite database. Two servers: "members" for ordinary flows (parallel), and "operator"
 * for tests that flip global state (maintenance, flags), run one at a time.
 */
// Set once in the runner; workers inherit it, so every process names the same databases.
process.env.E2E_STAMP ??= Date.now().toString(36);
const stamp = process.env.E2E_STAMP;
/** E2E_PORT moves the servers (members on it, operator on it + 1, the operator tool on it + 2) so several runs can share a machine. */
const basePort = Number(process.env.E2E_PORT ?? 3210);
const webServerDefaults = {
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
};
const server = (port: number, name: string) => ({
  ...webServerDefaults,
  command: 'node --import tsx src/server/cli/serve.ts',
  url: `http://localhost:${port}/healthz`,
  env: {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: `file:./data/e2e/${name}-${stamp}.db`,
    LOG_LEVEL: 'warn',
    // One IP signs up many members here; the limits themselves are proven by the server tests.
    RATE_LIMIT_SCALE: '100',
    // Except sign-in per email, which a test trips on purpose: a token bucket that refills one attempt
    // a minute, so the form's attempt right after tripping it is refused however slow the machine.
    RATE_LIMITS: JSON.stringify({ signInPerEmail: { max: 20, windowMs: 20 * 60_000 } }),
    // Operator tests flip settings from the CLI and reload at once.
    SETTINGS_CACHE_MS: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Scripted Monster Breaker players fast-forward (the server accepts runs 60× real time; never in production).
    GAME_TIME_SCALE: '60',
    // A flow's request context can sit idle for a minute while CLI runs take their time on a busy
    // machine; the server's 72 s idle timer then closed the connection just as the next request went
    // out on it (ECONNRESET, decision 0221). Longer than any flow's budget: never closed under a flow.
    KEEP_ALIVE_TIMEOUT_MS: String(10 * 60_000),
  },
});

/** The operator tool's one process for the whole run (tests/e2e/adminServer.ts), on basePort + 2. */
process.env.E2E_ADMIN_PORT = String(basePort + 2);
const adminServer = {
  ...webServerDefaults,
  command: 'node --import tsx tests/e2e/adminServer.ts',
  url: `http://127.0.0.1:${basePort + 2}/`,
  env: { NODE_ENV: 'test', PORT: String(basePort + 2), LOG_LEVEL: 'silent' },
};

const MEMBERS_URL = `http://localhost:${basePort}`;
const OPERATOR_URL = `http://localhost:${basePort + 1}`;
process.env.E2E_MEMBERS_DB = `./data/e2e/members-${stamp}.db`;
process.env.E2E_OPERATOR_DB = `./data/e2e/operator-${stamp}.db`;

export default defineConfig({
  testDir: 'tests/e2e',
  // A flow of many screens took up to 59 s of 60 on a slow CI machine; the budget is not a speed goal (that is the bench's).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Headless Chromium 156 still builds each window's omnibox popup (a WebUI page in a renderer
        // of its own, about 0.6 s of CPU for every browser context): nobody sees it here.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // The operator project first: its serial files start at once on one worker while the other
  // works through the members' flows, instead of running alone at the end on one core of two.
  projects: [
    {
      name: 'operator',
      testMatch: /operator\/.*\.spec\.ts/,
      fullyParallel: false,
      // One file at a time too: maintenance now closes every action, not only page loads.
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: OPERATOR_URL },
    },
    {
      name: 'members',
      testIgnore: /operator\/.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: MEMBERS_URL },
    },
  ],
  webServer: [server(basePort, 'members'), server(basePort + 1, 'operator'), adminServer],
});
