// The fan-out bench puts nginx, from Debian's packages, in front of the server processes (a
// load balancer in C relays 2,000 sockets' frames for a fraction of a Node proxy's CPU time).
// Installs it when missing; when that is not possible the bench uses the Node proxy instead.
// The package's own service does not start on a machine without systemd; the bench starts
// nginx with a configuration of its own (scripts/nginx-proxy.ts).
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

if (!existsSync(NGINX)) {
  console.log(`nginx is not at ${NGINX}; installing it from Debian's packages…`);
  if (!installDebianPackage('nginx-light'))
    console.error(
      'Could not install nginx (apt-get install -y nginx-light); the bench uses the Node proxy.',
    );
}
