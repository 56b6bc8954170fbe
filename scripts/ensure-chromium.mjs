// Browser tests drive Debian's Chromium (never a downloaded browser build). Install it
// from Debian's packages when it is missing, so `npm test` works on a fresh machine.
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

console.log(`Chromium is not at ${CHROMIUM}; installing it from Debian's packages…`);
if (!installDebianPackage('chromium')) {
  console.error('Could not install Chromium. Run: apt-get install -y chromium');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium installed but not found at ${CHROMIUM}; set CHROMIUM_PATH.`);
  process.exit(1);
}
