// nginx from Debian's packages as the one address in front of several Hearth processes, with
// the same routing as scripts/proxy.ts (docs/operations.md "Production mode"):
//   - Engine.IO long-polling, and an upgrade that continues a polling session (it carries
//     `sid`), go to the process chosen by a hash of the client address;
//   - everything else (REST, websocket-only sockets) goes round-robin to the live processes.
// One nginx process (no master), its files in a temporary folder; benches use it where the
// proxy's own CPU time matters, since nginx relays a frame for a fraction of Node's cost.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForListener } from './ports';
import type { Backend, Proxy } from './proxy';

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or undefined when it is not installed. */
export function findNginx(): string | undefined {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return NGINX_PATHS.find((p) => existsSync(p));
}

/**
 * The configuration (`startNginxProxy` checks it with `nginx -t` before starting). Its routing
 * is also the compose cluster's (deploy/compose/cluster/nginx.conf; deploy/test checks it).
 */
export function nginxConfig(opts: {
  backends: Backend[];
  port: number;
  host: string;
  prefix: string;
}): string {
  const servers = opts.backends.map(
    (b) => `    server ${b.host}:${b.port} max_fails=1 fail_timeout=1s;`,
  );
  return [
    'daemon off;',
    // One process that serves (no master and workers): enough for loopback benches, and the
    // CPU meter follows a single pid. A deployment keeps nginx's master and its workers.
    'master_process off;',
    'worker_processes 1;',
    `pid ${join(opts.prefix, 'nginx.pid')};`,
    `error_log ${join(opts.prefix, 'error.log')} warn;`,
    'events { worker_connections 16384; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${join(opts.prefix, 'body')};`,
    `  proxy_temp_path ${join(opts.prefix, 'proxy')};`,
    `  fastcgi_temp_path ${join(opts.prefix, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(opts.prefix, 'uwsgi')};`,
    `  scgi_temp_path ${join(opts.prefix, 'scgi')};`,
    '  client_max_body_size 1m;',
    '  tcp_nodelay on;',
    // An upgrade keeps its Connection header; other requests reuse kept-alive upstream connections.
    "  map $http_upgrade $hearth_connection { default upgrade; '' ''; }",
    // Polling, or an upgrade of a polling session: the process that holds the session.
    '  map "$arg_transport:$arg_sid" $hearth_pool {',
    '    ~^polling: hearth_sticky;',
    '    ~:.+$ hearth_sticky;',
    '    default hearth_spread;',
    '  }',
    '  upstream hearth_sticky {',
    '    hash $remote_addr consistent;',
    ...servers,
    '  }',
    '  upstream hearth_spread {',
    ...servers,
    '    keepalive 64;',
    '  }',
    '  server {',
    `    listen ${opts.host}:${opts.port};`,
    '    location / {',
    '      proxy_pass http://$hearth_pool;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Upgrade $http_upgrade;',
    '      proxy_set_header Connection $hearth_connection;',
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_buffering off;',
    '      proxy_read_timeout 1h;',
    '      proxy_send_timeout 1h;',
    // A refused connection never reached a process: the next one is tried, whatever the
    // method; a POST that reached a process is not sent again (no `non_idempotent`).
    '      proxy_next_upstream error timeout;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

export async function startNginxProxy(opts: {
  backends: Backend[];
  port: number;
  host?: string;
}): Promise<Proxy> {
  const nginx = findNginx();
  if (!nginx)
    throw new Error('nginx is not installed (apt-get install -y nginx, or set NGINX_PATH)');
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  const port = opts.port === 0 ? await freePort(host) : opts.port;
  const prefix = mkdtempSync(join(tmpdir(), 'hearth-nginx-'));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ backends: opts.backends, port, host, prefix }));
  const check = spawnSync(nginx, ['-t', '-q', '-p', prefix, '-c', conf, '-e', 'stderr'], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}`);
  const child = spawn(nginx, ['-p', prefix, '-c', conf, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForListener(child, port, `nginx did not start on port ${port}`, host);
  return {
    url: `http://${host}:${port}`,
    port,
    // nginx keeps its own counts; this proxy does not report them.
    routed: [],
    pid: child.pid,
    close: () =>
      new Promise<void>((done) => {
        const finish = () => {
          rmSync(prefix, { recursive: true, force: true });
          done();
        };
        if (child.exitCode !== null) return finish();
        child.once('exit', finish);
        // TERM: a fast stop (QUIT would wait for every open websocket to close).
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
