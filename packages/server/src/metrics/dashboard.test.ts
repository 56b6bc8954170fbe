import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';
import { parseScrape } from './scrape.test-helpers';

// The Grafana dashboard in deploy/grafana queries the metrics by name: every name and label it
// uses must be one the server exposes, so that a renamed metric fails here and not on an
// operator's empty panel.
const DASHBOARD = new URL('../../../../deploy/grafana/hearth-dashboard.json', import.meta.url);

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Array<{ expr: string; refId: string }>;
}
interface Dashboard {
  uid: string;
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query: unknown }> };
}
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

/** Labels Prometheus itself puts on every series it scrapes. */
const TARGET_LABELS = ['job', 'instance'];
/** Prometheus's own series of each target. */
const PROMETHEUS_SERIES: Record<string, string[]> = { up: [] };
const OPERATORS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const OPERATORS_TOO = new Set([...OPERATORS, 'bool', 'and', 'or', 'unless', 'offset']);

/** The series selectors of a PromQL expression: metric names, their matchers' labels, and the labels it groups by. */
function readQuery(expr: string) {
  const plain = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, '');
  const grouping = [...plain.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const rest = plain.replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const selectors: Array<{ name: string; labels: string[] }> = [];
  for (const m of rest.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?\s*(\()?/g)) {
    const [, name, matchers, call] = m;
    if (call || OPERATORS_TOO.has(name!)) continue;
    const labels = [...(matchers ?? '').matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map(
      (l) => l[1]!,
    );
    selectors.push({ name: name!, labels });
  }
  return { selectors, grouping };
}

/** Every series name the server exposes, with the labels each carries. */
async function exposed(): Promise<Map<string, Set<string>>> {
  const metrics = createMetrics({
    version: '0.1.0',
    commit: 'test',
    appSockets: () => 1,
    gatewayReportsDropped: () => 1,
    dbPools: () => [{ pool: 'main', total: 2, idle: 1, waiting: 0, max: 10 }],
    database: { pendingCommands: async () => 1, connectedGateways: async () => 1 },
    onError: (err) => {
      throw err;
    },
  });
  // One of each labelled observation, so that every label appears in the scrape.
  metrics.httpDuration.observe({ method: 'GET', route: '/ready', code: '200' }, 0.01);
  metrics.commandCreated();
  metrics.commandSettled('confirmed', 1);
  metrics.loginThrottled('signIn');
  const names = new Map<string, Set<string>>();
  for (const s of parseScrape(await metrics.text()).samples) {
    const labels = names.get(s.name) ?? new Set(TARGET_LABELS);
    for (const l of Object.keys(s.labels)) labels.add(l);
    names.set(s.name, labels);
  }
  for (const [name, labels] of Object.entries(PROMETHEUS_SERIES))
    names.set(name, new Set([...TARGET_LABELS, ...labels]));
  return names;
}

describe('the Grafana dashboard (deploy/grafana/hearth-dashboard.json)', () => {
  it('queries only metrics and labels the server exposes', async () => {
    const names = await exposed();
    expect(queries.length).toBeGreaterThan(10);
    const unknown: string[] = [];
    for (const expr of queries) {
      const { selectors, grouping } = readQuery(expr);
      expect(selectors.length, expr).toBeGreaterThan(0);
      for (const { name, labels } of selectors) {
        const has = names.get(name);
        if (!has) unknown.push(`${name} in ${expr}`);
        for (const l of labels) if (has && !has.has(l)) unknown.push(`${name}{${l}} in ${expr}`);
      }
      // A label it groups by is on at least one of the series it reads.
      for (const l of grouping) {
        if (!selectors.some((s) => names.get(s.name)?.has(l))) unknown.push(`by ${l} in ${expr}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('shows every metric family of the server somewhere', async () => {
    const read = new Set(queries.flatMap((q) => readQuery(q).selectors.map((s) => s.name)));
    const families = [...(await exposed()).keys()]
      .filter((n) => n.startsWith('hearth_'))
      .map((n) => n.replace(/_(bucket|sum|count)$/, ''));
    const shown = (family: string) => [...read].some((n) => n.startsWith(family));
    expect(families.filter((f) => !shown(f))).toEqual([]);
  });

  it('is importable: a Prometheus data source variable, the variables it uses, panels on the grid', () => {
    const variables = new Set(dashboard.templating.list.map((v) => v.name));
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({
      type: 'datasource',
      query: 'prometheus',
    });
    for (const expr of queries)
      for (const [, v] of expr.matchAll(/\$(\w+)/g))
        expect(v!.startsWith('__') || variables.has(v!), `$${v} in ${expr}`).toBe(true);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dashboard.panels) {
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
      if (p.type === 'row') continue;
      expect(p.datasource, p.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
    }
  });

  it('reads the names and labels out of a query', () => {
    expect(
      readQuery(
        'histogram_quantile(0.95, sum by (le, route) (rate(hearth_http_request_duration_seconds_bucket{job=~"$job",code=~"5.."}[$__rate_interval]))) / max(up)',
      ),
    ).toEqual({
      selectors: [
        { name: 'hearth_http_request_duration_seconds_bucket', labels: ['job', 'code'] },
        { name: 'up', labels: [] },
      ],
      grouping: ['le', 'route'],
    });
  });
});
