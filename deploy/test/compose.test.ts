// The compose files of deploy/compose: valid against the Compose Specification's schema and
// free of dclint's errors, hardened, secrets only from the operator's .env, and the cluster's
// nginx routing as `npm run cluster -- --proxy nginx` does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DCLinter } from 'dclint';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/nginx-proxy';
import { dockerfile } from './dockerfile';
import { documentedVariables, repoText, ROOT, yamlDocuments } from './repo-files';

const FILES = {
  'one-host': 'deploy/compose/one-host/compose.yaml',
  cluster: 'deploy/compose/cluster/compose.yaml',
} as const;

// Schema validation and the YAML check always run (dclint cannot turn them off); of its
// rules, those about the order of keys and the quoting style are left out.
const linter = new DCLinter({
  rules: {
    'service-keys-order': 0,
    'services-alphabetical-order': 0,
    'top-level-properties-order': 0,
    'require-quotes-in-ports': 0,
  },
  quiet: true,
  debug: false,
  exclude: [],
});

interface Service {
  image: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  tmpfs?: string[];
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  networks?: string[];
}
type ComposeFile = { services: Record<string, Service> };
const compose = (file: string) => yamlDocuments(file)[0] as ComposeFile;
const hearthServices = (file: string) =>
  Object.entries(compose(file).services).filter(([, s]) => s.image.includes('hearth'));

const problems = (paths: string[]) =>
  linter
    .lintFiles(paths, false)
    .flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.rule}: ${m.message}`));

const scratch = mkdtempSync(join(tmpdir(), 'hearth-compose-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the compose files', () => {
  it.each(Object.values(FILES))('%s is valid and has no linter finding', (file) => {
    expect(problems([join(ROOT, file)])).toEqual([]);
  });

  it('the check refuses a key the Compose Specification does not have', () => {
    const broken = join(scratch, 'compose.yaml');
    writeFileSync(broken, repoText(FILES['one-host']).replace('restart:', 'restarts:'));
    expect(problems([broken]).join('\n')).toMatch(
      /invalid-schema.*\/services\/hearth.*must NOT have additional properties/,
    );
  });

  it.each(Object.values(FILES))(
    '%s runs Hearth read-only, without capabilities, with its data and temporary folder writable',
    (file) => {
      const image = dockerfile();
      for (const [name, service] of hearthServices(file)) {
        expect(service, name).toMatchObject({
          read_only: true,
          cap_drop: ['ALL'],
          security_opt: ['no-new-privileges:true'],
        });
        const writable = [
          ...(service.tmpfs ?? []).map((t) => t.split(':')[0]),
          ...(service.volumes ?? []).map((v) => v.split(':')[1]),
        ];
        expect(writable).toEqual(expect.arrayContaining([image.env.DATA_DIR, '/tmp']));
      }
    },
  );

  it.each(Object.values(FILES))(
    '%s takes every secret from the operator (required), and sets only variables the server reads',
    (file) => {
      const documented = documentedVariables();
      const envExample = repoText(file.replace('compose.yaml', 'env.example'));
      for (const [name, service] of hearthServices(file)) {
        const env = service.environment ?? {};
        expect(Object.keys(env).filter((k) => !documented.has(k))).toEqual([]);
        for (const key of ['CLIENT_SECRET', 'JWT_SECRET', 'GATEWAY_KEY', 'PUBLIC_URL'])
          expect(env[key], `${name} ${key}`).toMatch(new RegExp(`^\\$\\{${key}:\\?`));
      }
      // Every variable the file requires is in env.example, with no value for a secret.
      const required = [...repoText(file).matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
      for (const variable of new Set(required)) expect(envExample).toMatch(`\n${variable}=`);
      expect(envExample).not.toMatch(/^(?:\w*(?:SECRET|KEY|PASSWORD))=./m);
    },
  );

  it('one host: the embedded database and broker, its data in a volume, the gateways on TCP', () => {
    const [[, hearth] = ['', undefined]] = hearthServices(FILES['one-host']);
    expect(hearth?.environment).not.toHaveProperty('DATABASE_URL');
    expect(hearth?.environment).not.toHaveProperty('MQTT_URL');
    expect(hearth?.environment?.MQTT_PORT).toBe('1883');
    expect(hearth?.volumes).toEqual(['hearth-data:/data']);
    expect(hearth?.ports).toContain('0.0.0.0:${MQTT_TCP_PORT:-1883}:1883');
  });

  it('cluster: several processes on shared services, reachable only through nginx', () => {
    const file = compose(FILES.cluster);
    const hearth = hearthServices(FILES.cluster);
    expect(hearth.length).toBeGreaterThanOrEqual(3);
    for (const [name, service] of hearth) {
      expect(service.ports, name).toBeUndefined();
      expect(service.environment).toMatchObject({
        MQTT_SHARE_GROUP: 'hearth',
        TRUST_PROXY: '1',
        DATABASE_URL: expect.stringMatching(/^postgres:\/\//),
        REDIS_URL: expect.stringMatching(/^redis:\/\//),
        MQTT_URL: expect.stringMatching(/^mqtt:\/\//),
      });
    }
    expect(Object.keys(file.services)).toEqual(
      expect.arrayContaining(['nginx', 'postgres', 'redis', 'mosquitto']),
    );
    // nginx is on the edge network only: it cannot reach the database, Redis or the broker.
    expect(file.services.nginx?.networks).toEqual(['edge']);
    for (const backend of ['postgres', 'redis', 'mosquitto'])
      expect(file.services[backend]?.networks).toEqual(['backend']);
  });

  it("cluster: nginx.conf routes as the cluster script's nginx, to every Hearth process", () => {
    const conf = repoText('deploy/compose/cluster/nginx.conf');
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    const ours = squash(conf);
    const script = nginxConfig({
      backends: [{ host: '127.0.0.1', port: 1 }],
      port: 2,
      host: '127.0.0.1',
      prefix: '/tmp/x',
    });
    // The maps, the upstream balancing and every proxy directive of its location.
    const location = /location \/ \{([\s\S]*?)\n\s*\}/.exec(script)?.[1] ?? '';
    const directives = [
      ...location.split('\n').filter((l) => l.trim() && !l.trim().startsWith('//')),
      ...script.split('\n').filter((l) => /^\s*(map |~|default |hash |keepalive |\})/.test(l)),
    ].map((l) => squash(l));
    expect(directives.length).toBeGreaterThan(12);
    for (const d of directives) expect(ours, d).toContain(d);
    for (const [name] of hearthServices(FILES.cluster))
      expect(conf.match(new RegExp(`server ${name}:8080 `, 'g'))).toHaveLength(2);
  });
});
