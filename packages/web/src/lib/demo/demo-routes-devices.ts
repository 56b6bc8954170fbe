import {
  DEMO_POWER_RANDOM_BELOW_W,
  DEMO_POWER_W,
  deviceClockAt,
  formatDecimal,
  isValidMaxPower,
  pmoSystemSchema,
  POWER_LIMITLESS,
  POWER_LIMIT_NONE,
  validateHeaterPowerLimit,
} from '@hearth/protocol';
import {
  emitNode,
  emitNodeList,
  findDevice,
  findNode,
  homeOf,
  type DemoContext,
} from './demo-context';
import { setDiscovery } from './demo-discovery';
import type { DemoDevice } from './demo-model';
import { applyNodeWrite, DemoBadRequest } from './demo-node-writes';
import { route, type DemoRequest, type DemoRoute } from './demo-router';
import { monthlySamples, rawSamples } from './demo-samples';
import {
  devData,
  heaterSetup,
  heaterStatus,
  meterSetup,
  mgrNodes,
  progOf,
  snapshotNode,
} from './demo-wire';

const DEV = '/api/v2/devs/:dev';
const NODE = `${DEV}/:type/:addr`;

type Body = Record<string, unknown>;
const bodyOf = (req: DemoRequest): Body =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Body) : {};

/** Device and node paths of API.md §5; writes change the demo state and reach its sockets. */
export function deviceRoutes(ctx: DemoContext): DemoRoute[] {
  const dev = (req: DemoRequest): DemoDevice => findDevice(ctx, req.params[0] ?? '');
  const node = (req: DemoRequest) => {
    const d = dev(req);
    return { d, n: findNode(d, req.params[1] ?? '', req.params[2] ?? '') };
  };
  const nodePart = (req: DemoRequest, part: 'status' | 'setup' | 'prog') => {
    const { d, n } = node(req);
    if (n.kind === 'meter') {
      if (part === 'setup') return meterSetup(n);
      throw new DemoBadRequest(`a power monitor has no ${part}`);
    }
    if (part === 'status') return heaterStatus(d, n, ctx.now());
    return part === 'setup' ? heaterSetup(n) : progOf(n);
  };
  const power = () =>
    formatDecimal(
      ctx.onDashboard() ? DEMO_POWER_W : Math.floor(ctx.random() * DEMO_POWER_RANDOM_BELOW_W),
    );

  return [
    route('GET', `${DEV}/dev_data`, (req) => {
      const d = dev(req);
      return devData(d, homeOf(ctx, d).geo, ctx.now());
    }),
    route('GET', `${DEV}/connected`, () => ({ connected: true })),
    route('GET', `${DEV}/mgr/nodes`, (req) => ({ nodes: mgrNodes(dev(req)) })),
    route('GET', `${DEV}/mgr/away_status`, (req) => ({ ...dev(req).away })),
    route('POST', `${DEV}/mgr/away_status`, (req) => {
      const d = dev(req);
      const b = bodyOf(req);
      if (typeof b.away === 'boolean') d.away.away = b.away;
      if (typeof b.enabled === 'boolean') d.away.enabled = b.enabled;
      ctx.emit(d.devId, { path: '/mgr/away_status', body: { ...d.away } });
    }),
    route('GET', `${DEV}/mgr/discovery`, (req) => ({ ...dev(req).discovery })),
    route('POST', `${DEV}/mgr/discovery`, (req) => {
      const d = dev(req);
      setDiscovery(d, bodyOf(req), ctx.now());
      ctx.emit(d.devId, { path: '/mgr/discovery', body: { ...d.discovery } });
    }),
    route('GET', `${DEV}/mgr/rtc/time`, (req) => deviceClockAt(ctx.now(), dev(req).timeZone)),
    route('GET', `${DEV}/htr_system/power_limit`, (req) => ({ power_limit: dev(req).powerLimit })),
    route('POST', `${DEV}/htr_system/power_limit`, (req) => {
      const d = dev(req);
      // As the server: 0 (none) or 1000–60000 whole watts (spec 3 §5).
      const check = validateHeaterPowerLimit(String(bodyOf(req).power_limit ?? ''));
      if (!check.ok) throw new DemoBadRequest('power_limit');
      d.powerLimit = String(check.value);
      ctx.emit(d.devId, { path: '/htr_system/power_limit', body: { power_limit: d.powerLimit } });
    }),
    route('GET', `${DEV}/pmo_system`, (req) => structuredClone(dev(req).pmoSystem)),
    route('POST', `${DEV}/pmo_system`, (req) => {
      const d = dev(req);
      const parsed = pmoSystemSchema.safeParse(req.body);
      // As the server: each profile limitless (-1), none (0) or 1000–60000 W (spec 3 §5).
      const limitsOk = parsed.data?.max_power_config.profiles.every(
        (p) => p === POWER_LIMITLESS || p === POWER_LIMIT_NONE || isValidMaxPower(p),
      );
      if (!parsed.success || !limitsOk) throw new DemoBadRequest('pmo_system');
      d.pmoSystem = parsed.data;
      ctx.emit(d.devId, { path: '/pmo_system', body: structuredClone(d.pmoSystem) });
    }),
    route('GET', NODE, (req) => {
      const { d, n } = node(req);
      const { status, setup, prog, version } = snapshotNode(d, n, ctx.now());
      return { status, setup, prog, version };
    }),
    route('DELETE', NODE, (req) => {
      const { d, n } = node(req);
      if (bodyOf(req).purge === true) d.nodes = d.nodes.filter((x) => x !== n);
      else n.installed = false;
      emitNodeList(ctx, d);
    }),
    route('GET', `${NODE}/status`, (req) => nodePart(req, 'status')),
    route('GET', `${NODE}/setup`, (req) => nodePart(req, 'setup')),
    route('GET', `${NODE}/prog`, (req) => nodePart(req, 'prog')),
    route('GET', `${NODE}/version`, (req) => ({ ...node(req).n.version })),
    route('GET', `${NODE}/power`, () => ({ power: power() })),
    route('GET', `${NODE}/power_limit`, (req) => {
      const { n } = node(req);
      return { power_limit: n.kind === 'meter' ? n.powerLimit : '0' };
    }),
    route('GET', `${NODE}/samples`, (req) => {
      const { d, n } = node(req);
      const start = Number(req.query.get('start'));
      const end = Number(req.query.get('end'));
      if (!Number.isFinite(start) || !Number.isFinite(end)) throw new DemoBadRequest('start, end');
      const nowS = Math.floor(ctx.now() / 1000);
      if (req.query.get('group') === 'month') {
        const tz = req.query.get('tz') ?? d.timeZone;
        return { samples: monthlySamples(d, n, start, end, tz, nowS) };
      }
      return { samples: rawSamples(d, n, start, end, nowS) };
    }),
    route('POST', `${NODE}/:action`, (req) => {
      const { d, n } = node(req);
      const action = req.params[3] ?? '';
      const renamed = action === 'name';
      if (!applyNodeWrite(n, action, req.body, { now: ctx.now(), timeZone: d.timeZone }))
        throw new DemoBadRequest(`unknown path ${action}`);
      emitNode(ctx, d, n);
      if (renamed) emitNodeList(ctx, d);
    }),
  ];
}
