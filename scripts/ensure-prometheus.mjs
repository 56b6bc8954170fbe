// The metrics test of `npm run test:services` scrapes the server with a real Prometheus, Debian's
// package (never a downloaded release). Installs it when it is missing, as the browser tests
// install Chromium. The package's own service does not start on a machine without systemd;
// the test starts prometheus itself, on loopback, with a configuration of its own.
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.mjs';

const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

if (existsSync(PROMETHEUS)) process.exit(0);

console.log(`Prometheus is not at ${PROMETHEUS}; installing it from Debian's packages…`);
if (!installDebianPackage('prometheus')) {
  console.error('Could not install Prometheus. Run: apt-get install -y prometheus');
  process.exit(1);
}
if (!existsSync(PROMETHEUS)) {
  console.error(`Prometheus installed but not found at ${PROMETHEUS}; set PROMETHEUS_PATH.`);
  process.exit(1);
}
