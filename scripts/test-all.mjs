// `npm test`: the unit and integration tests (Vitest) and the browser tests (Playwright) side
// by side. The browser run mostly waits on what the app does on screen (debounces, sockets,
// the simulated day), so the unit run fills the cores meanwhile instead of going first. Each
// line says which run it is from; the exit code fails if either run fails.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

// Vitest marks a failed file `FAIL` and a failed test `×`; Playwright numbers failed tests
// `✘` and titles them `1) …`.
const FAILURE_LINE = /(^|\s)(FAIL|×|✘)\s|^\s+\d+\) \[/;
const MAX_FAILURE_LINES = 40;

const RUNS = [
  { name: 'browser', script: 'test:e2e' },
  { name: 'unit', script: 'test:unit' },
];

function run({ name, script }) {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Piped, the runs would judge colour by the pipe: they colour what a terminal shows.
    env: process.stdout.isTTY
      ? { ...process.env, FORCE_COLOR: '1' }
      : { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
  });
  const prefix = `[${name}] `;
  const failures = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(prefix + line + '\n');
      if (FAILURE_LINE.test(line) && failures.length < MAX_FAILURE_LINES) failures.push(line);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ name, ok: code === 0, code: code ?? signal, seconds, failures });
    });
  });
}

const results = await Promise.all(RUNS.map(run));
// The two runs' lines interleave and CI keeps only the end of the log: what failed is said
// again here, after both runs, where the end of the log shows it.
for (const r of results.filter((r) => !r.ok && r.failures.length > 0)) {
  console.log(`\nWhat failed in the ${r.name} run:`);
  for (const line of r.failures) console.log(`  ${line}`);
}
console.log('');
for (const r of results)
  console.log(
    `${r.ok ? 'passed' : 'FAILED'}  ${r.name} tests in ${r.seconds} s${r.ok ? '' : ` (exit ${r.code})`}`,
  );
process.exit(results.every((r) => r.ok) ? 0 : 1);
