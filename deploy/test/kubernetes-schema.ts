// Checks Kubernetes objects against the API's schemas, as shipped by kubernetes-models (its
// validators are compiled from the Kubernetes OpenAPI document), and strictly: those schemas,
// like the API server, accept fields they do not know (a misspelt `readinessProbe` would
// leave pods without one), so every field the validator never looked at is reported too, as
// `kubeconform -strict` does.
import { Deployment } from 'kubernetes-models/apps/v1';
import { NetworkPolicy, Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service, ServiceAccount } from 'kubernetes-models/v1';

interface ModelClass {
  new (data: object): { validate(): void };
  prototype: { validate(): void };
}

/** The kinds deploy/kubernetes holds; add one here when a manifest brings a new kind. */
const MODELS: Record<string, ModelClass> = {
  'apps/v1 Deployment': Deployment,
  'networking.k8s.io/v1 Ingress': Ingress,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Service': Service,
  'v1 ServiceAccount': ServiceAccount,
};

interface Visited {
  path: string;
  target: object;
  read: Set<string>;
}

/** `value` behind proxies that note every key the validator reads, at any depth. */
function watched(value: unknown, path: string, visited: Visited[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  const read = new Set<string>();
  visited.push({ path, target: value, read });
  const children = new Map<string, unknown>();
  return new Proxy(value, {
    get(target, key, receiver) {
      const child: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !Object.hasOwn(target, key)) return child;
      read.add(key);
      if (!children.has(key)) children.set(key, watched(child, `${path}/${key}`, visited));
      return children.get(key);
    },
    has(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.has(target, key);
    },
  });
}

/**
 * The problems of one object: its schema's errors, or else the fields no schema defines.
 * An empty list means valid.
 */
export function kubernetesProblems(object: unknown): string[] {
  if (object === null || typeof object !== 'object') return ['not an object'];
  const { apiVersion, kind } = object as { apiVersion?: unknown; kind?: unknown };
  const Model = MODELS[`${String(apiVersion)} ${String(kind)}`];
  if (!Model) return [`no schema here for ${String(apiVersion)} ${String(kind)}`];
  const model = new Model(object);
  const visited: Visited[] = [];
  try {
    Model.prototype.validate.call(watched(model, '', visited) as typeof model);
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  }
  return visited.flatMap(({ path, target, read }) =>
    Array.isArray(target)
      ? []
      : Object.keys(target)
          .filter((key) => !read.has(key))
          .map((key) => `${path}/${key} is not a field of ${String(kind)}`),
  );
}
