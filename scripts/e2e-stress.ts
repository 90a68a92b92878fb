/**
 * `npm run test:e2e:stress`: the browser flows on a machine as busy as a contributor's laptop
 * (issue 41, decision 0223). One core is kept busy the whole time, by `stress-ng --cpu 1` when it is
 * installed (Debian: `apt-get install stress-ng`), else by a bounded busy loop in a child Node
 * process; Playwright runs with `--retries=0`, so a flaky flow fails instead of passing on its retry.
 * Arguments go to Playwright (`npm run test:e2e:stress -- tests/e2e/games.spec.ts`). It prints the
 * run's time and the load averages it saw, and answers Playwright's exit code. Build first
 * (`npm run build`): test:e2e:stress does.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

/** The load never outlives a run that hangs: stopped after this long whatever happens. */
const LOAD_LIMIT_S = Number(process.env.STRESS_LIMIT_S ?? 3 * 60 * 60);

function hasStressNg(): boolean {
  return spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** One busy core: stress-ng's cpu stressor, or a Node loop that spins until its deadline. */
function startLoad(): { child: ChildProcess; how: string } {
  if (process.env.STRESS_NODE !== '1' && hasStressNg()) {
    const child = spawn('stress-ng', ['--cpu', '1', '--cpu-load', '100', '--timeout', `${LOAD_LIMIT_S}s`, '--quiet'], {
      stdio: 'ignore',
    });
    return { child, how: `stress-ng --cpu 1 --cpu-load 100 (stopped after ${LOAD_LIMIT_S} s at most)` };
  }
  const loop = `const end = Date.now() + ${LOAD_LIMIT_S * 1000}; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003;`;
  const child = spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
  return {
    child,
    how: `a Node busy loop (stress-ng not found: apt-get install stress-ng), stopped after ${LOAD_LIMIT_S} s at most`,
  };
}

const { child: load, how } = startLoad();
const stopLoad = () => {
  if (load.exitCode === null && load.signalCode === null) load.kill('SIGTERM');
};
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });
}

const samples: number[] = [];
const sample = () => samples.push(loadavg()[0] as number);
sample();
const sampler = setInterval(sample, 15_000);

console.log(`test:e2e:stress: one core kept busy by ${how}; Playwright with --retries=0`);
const started = Date.now();
const playwright = spawn('npx', ['playwright', 'test', '--retries=0', ...process.argv.slice(2)], { stdio: 'inherit' });
playwright.on('exit', (code, signal) => {
  clearInterval(sampler);
  sample();
  stopLoad();
  const seconds = Math.round((Date.now() - started) / 1000);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const [one, five, fifteen] = loadavg().map((v) => v.toFixed(2));
  console.log(
    `test:e2e:stress: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s; ` +
      `1-min load average sampled every 15 s: min ${Math.min(...samples).toFixed(2)}, mean ${mean.toFixed(2)}, ` +
      `max ${Math.max(...samples).toFixed(2)}; at the end ${one} / ${five} / ${fifteen}`,
  );
  process.exit(code ?? 1);
});
