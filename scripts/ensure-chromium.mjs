// Browser tests drive Debian's Chromium (never a downloaded browser build). Install it
// from Debian's packages when it is missing, so `npm test` works on a fresh machine.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo ';
console.log(`Chromium is not at ${CHROMIUM}; installing it from Debian's packages…`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error('Could not install Chromium. Run: apt-get install -y chromium');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium installed but not found at ${CHROMIUM}; set CHROMIUM_PATH.`);
  process.exit(1);
}
