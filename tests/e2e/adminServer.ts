import { createServer } from 'node:http';
import { runTool } from '../../src/server/cli/tool';
import { loadConfig } from '../../src/server/config';

/**
 * The operator tool for the browser tests, in one process that stays up for the run (a Playwright
 * web server, playwright.config.ts): `admin()` in support.ts asks it instead of starting
 * `npm run admin` each time, whose start (tsx compiling and loading every capability) cost 2–5 s
 * of CPU a call, most of the run's CPU on a 2-core machine (decision 0258). It runs the same
 * `runTool` as the CLI, on the members' or the operator server's database; one call at a time, as
 * separate CLI runs never overlapped on one SQLite connection's busy wait.
 */
const configOf = (file: string | undefined) =>
  loadConfig({ ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: 'silent' });
const configs = { members: configOf(process.env.E2E_MEMBERS_DB), operator: configOf(process.env.E2E_OPERATOR_DB) };
const actor = `cli:${process.env.USER ?? 'operator'}`;
let queue: Promise<unknown> = Promise.resolve();

function run(database: keyof typeof configs, args: string[]) {
  const answer = queue.then(() => runTool(args, configs[database], actor));
  queue = answer.catch(() => undefined);
  return answer;
}

createServer(async (request, response) => {
  if (request.method !== 'POST') return void response.end('ok');
  let body = '';
  for await (const chunk of request) body += chunk;
  const { database, args } = JSON.parse(body) as { database: keyof typeof configs; args: string[] };
  try {
    const result = await run(database, args);
    response.end(JSON.stringify(result));
  } catch (error) {
    response.end(JSON.stringify({ output: String((error as Error).stack ?? error), exitCode: 1 }));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
