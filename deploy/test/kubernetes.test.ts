// The Kubernetes manifests of deploy/kubernetes: valid against the API's schemas (strictly),
// consistent with each other, with the image and with the server's configuration, and
// holding no secret.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@hearth/server';
import { dockerfile } from './dockerfile';
import { kubernetesProblems } from './kubernetes-schema';
import { documentedVariables, ROOT, yamlDocuments } from './repo-files';

const DIR = 'deploy/kubernetes';

interface Meta {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet: { path: string; port: string };
}
interface Container {
  name: string;
  image: string;
  ports: { name: string; containerPort: number }[];
  env: EnvVar[];
  envFrom: { configMapRef?: { name: string } }[];
  startupProbe: Probe;
  livenessProbe: Probe;
  readinessProbe: Probe;
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext: {
    allowPrivilegeEscalation: boolean;
    readOnlyRootFilesystem: boolean;
    capabilities: { drop: string[]; add?: string[] };
  };
  volumeMounts: { name: string; mountPath: string }[];
}
interface Deployment extends Meta {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        automountServiceAccountToken: boolean;
        securityContext: { runAsNonRoot: boolean; runAsUser: number; runAsGroup: number };
        containers: Container[];
        volumes: { name: string }[];
      };
    };
  };
}
interface Selecting extends Meta {
  spec: { selector?: Record<string, string> | { matchLabels: Record<string, string> } };
}

const kustomization = yamlDocuments(`${DIR}/kustomization.yaml`)[0] as {
  resources: string[];
  images: { name: string }[];
};
const manifests = readdirSync(join(ROOT, DIR)).filter(
  (f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml',
);
const objects = manifests.flatMap((file) =>
  yamlDocuments(`${DIR}/${file}`).map((object) => ({ file, object: object as Meta })),
);
const byKind = <T extends Meta>(kind: string): T[] =>
  objects.filter((o) => o.object.kind === kind).map((o) => o.object as T);
const deployment = byKind<Deployment>('Deployment')[0] as Deployment;
const pod = deployment.spec.template.spec;
const server = pod.containers[0] as Container;
const configMap = byKind<Meta & { data: Record<string, string> }>('ConfigMap')[0];

describe('the Kubernetes manifests', () => {
  it('are every one of them in the kustomization, which names no missing file', () => {
    expect([...kustomization.resources].sort()).toEqual([...manifests].sort());
  });

  it.each(objects.map((o) => [`${o.file} ${o.object.kind}`, o.object] as const))(
    '%s is valid against the Kubernetes schema, with no unknown field',
    (_name, object) => {
      expect(kubernetesProblems(object)).toEqual([]);
    },
  );

  it('the check itself refuses a wrong type and a misspelt field', () => {
    const wrong = structuredClone(deployment);
    (wrong.spec.template.spec.containers[0] as Container).ports[0]!.containerPort =
      'http' as unknown as number;
    expect(kubernetesProblems(wrong).join()).toMatch(/containerPort must be integer/);
    const misspelt = structuredClone(deployment) as unknown as {
      spec: { template: { spec: { containers: Record<string, unknown>[] } } };
    };
    misspelt.spec.template.spec.containers[0]!.readinesProbe = server.readinessProbe;
    expect(kubernetesProblems(misspelt)).toEqual([
      '/spec/template/spec/containers/0/readinesProbe is not a field of Deployment',
    ]);
  });

  it('commit no Secret, and take every secret from one, never from a value', () => {
    expect(byKind('Secret')).toEqual([]);
    const fromSecret = server.env.filter((e) => e.valueFrom?.secretKeyRef);
    expect(fromSecret.map((e) => e.valueFrom?.secretKeyRef?.name)).toEqual(
      fromSecret.map(() => 'hearth-secrets'),
    );
    const required = fromSecret.filter((e) => !e.valueFrom?.secretKeyRef?.optional);
    expect(required.map((e) => e.name)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'GATEWAY_KEY', 'CLIENT_SECRET', 'DATABASE_URL']),
    );
    const plain = [
      ...server.env.filter((e) => e.value !== undefined).map((e) => e.name),
      ...Object.keys(configMap?.data ?? {}),
    ];
    expect(plain.filter((n) => /SECRET|KEY|PASSWORD|DATABASE_URL|REDIS_URL|SMTP/.test(n))).toEqual(
      [],
    );
  });

  it('set only variables the server reads, and a configuration it accepts in production', () => {
    const names = [...server.env.map((e) => e.name), ...Object.keys(configMap?.data ?? {})];
    const documented = documentedVariables();
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
    const secrets = Object.fromEntries(
      server.env.filter((e) => e.valueFrom).map((e) => [e.name, 'x'.repeat(32)]),
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      ...configMap?.data,
      ...secrets,
      DATABASE_URL: 'postgres://hearth:x@db:5432/hearth',
      REDIS_URL: 'redis://:x@redis:6379',
      SMTP_URL: 'smtp://mail:587',
      DATA_DIR: '/data',
    });
    expect(config.mqttShareGroup).toBeDefined();
    expect(config.trustProxy).not.toBe(false);
    expect(config.publicUrl).toMatch(/^https:/);
  });

  it('run the image as its own non-root user, read-only, without privileges', () => {
    const image = dockerfile();
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(`${pod.securityContext.runAsUser}:${pod.securityContext.runAsGroup}`).toBe(image.user);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(server.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      privileged: false,
      capabilities: { drop: ['ALL'] },
    });
    // What the server writes (DATA_DIR, the temporary folder) is a volume, not the image.
    const mounts = server.volumeMounts.map((m) => m.mountPath);
    expect(mounts).toEqual(expect.arrayContaining([image.env.DATA_DIR, '/tmp']));
    expect(server.ports.map((p) => p.containerPort)).toContain(Number(image.env.PORT));
    expect(kustomization.images.map((i) => i.name)).toEqual([server.image]);
  });

  it('probe the two health routes: liveness and startup the process, readiness its services', () => {
    expect(server.livenessProbe.httpGet.path).toBe('/health_check');
    expect(server.startupProbe.httpGet.path).toBe('/health_check');
    expect(server.readinessProbe.httpGet.path).toBe('/ready');
    const ports = server.ports.map((p) => p.name);
    for (const probe of [server.livenessProbe, server.startupProbe, server.readinessProbe])
      expect(ports).toContain(probe.httpGet.port);
    expect(server.resources.requests).toMatchObject({
      cpu: expect.any(String),
      memory: expect.any(String),
    });
    expect(server.resources.limits).toMatchObject({ memory: expect.any(String) });
  });

  it('select the Deployment pods from the Service, the budget and the network policy', () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(labels).toMatchObject(deployment.spec.selector.matchLabels);
    const selectors = [
      ...byKind<Selecting>('Service').map((s) => s.spec.selector),
      ...byKind<Selecting>('PodDisruptionBudget').map(
        (s) => (s.spec.selector as { matchLabels: Record<string, string> }).matchLabels,
      ),
      ...byKind<Meta & { spec: { podSelector: { matchLabels: Record<string, string> } } }>(
        'NetworkPolicy',
      ).map((n) => n.spec.podSelector.matchLabels),
    ];
    expect(selectors).toHaveLength(3);
    for (const selector of selectors) expect(labels).toMatchObject(selector ?? { missing: true });
  });

  it('route the Ingresses to the Service port, the realtime paths kept apart', () => {
    const service = byKind<Meta & { spec: { ports: { name: string; targetPort: string }[] } }>(
      'Service',
    )[0];
    const servicePorts = service?.spec.ports.map((p) => p.name) ?? [];
    expect(service?.spec.ports.map((p) => p.targetPort)).toEqual(['http']);
    const ingresses = byKind<
      Meta & {
        spec: {
          rules: {
            http: {
              paths: {
                path: string;
                backend: { service: { name: string; port: { name: string } } };
              }[];
            };
          }[];
        };
      }
    >('Ingress');
    const paths = ingresses.flatMap((i) => i.spec.rules.flatMap((r) => r.http.paths));
    for (const p of paths) {
      expect(p.backend.service.name).toBe(service?.metadata.name);
      expect(servicePorts).toContain(p.backend.service.port.name);
    }
    expect(paths.map((p) => p.path).sort()).toEqual(['/', '/api/v2/socket_io', '/socket.io/']);
  });
  it("serve each pod's metrics on a port of their own, reached by Prometheus only", () => {
    const port = server.ports.find((p) => p.name === 'metrics')?.containerPort;
    expect(port).toBe(Number(configMap?.data.METRICS_PORT));
    const annotations = (
      deployment.spec.template.metadata as { annotations?: Record<string, string> }
    ).annotations;
    expect(annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(port),
      'prometheus.io/path': '/metrics',
    });
    const config = loadConfig({
      ...configMap?.data,
      DATA_DIR: '/data',
      JWT_SECRET: 'x'.repeat(32),
      GATEWAY_KEY: 'x'.repeat(32),
    });
    expect(config.metrics).toMatchObject({ port, host: '0.0.0.0' });
    expect(config.metrics?.port).not.toBe(config.port);
    // The ingress controller reaches HTTP only, the monitoring namespace the metrics only.
    const [policy] = byKind<
      Meta & {
        spec: {
          ingress: {
            from: { namespaceSelector: { matchLabels: Record<string, string> } }[];
            ports: { port: string }[];
          }[];
        };
      }
    >('NetworkPolicy');
    const reaches = Object.fromEntries(
      (policy?.spec.ingress ?? []).map((rule) => [
        rule.from.map((f) => f.namespaceSelector.matchLabels['kubernetes.io/metadata.name']).join(),
        rule.ports.map((p) => p.port),
      ]),
    );
    expect(reaches).toEqual({ 'ingress-nginx': ['http'], monitoring: ['metrics'] });
  });
});
