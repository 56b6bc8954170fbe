// The fan-out bench puts nginx, from Debian's packages, in front of the server processes (a
// load balancer in C relays 2,000 sockets' frames for a fraction of a Node proxy's CPU time).
// Installs it when missing; when that is not possible the bench uses the Node proxy instead.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

if (existsSync(NGINX)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo ';
console.log(`nginx is not at ${NGINX}; installing it from Debian's packages…`);
try {
  // The package's own service is not wanted (the bench starts nginx with a configuration
  // of its own); policy-rc.d is not touched, so on a machine without systemd nothing starts.
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq nginx-light`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error(
    'Could not install nginx (apt-get install -y nginx-light); the bench uses the Node proxy.',
  );
}
