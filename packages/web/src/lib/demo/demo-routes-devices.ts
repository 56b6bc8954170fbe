import {
  DEMO_POWER_RANDOM_BELOW_W,
  DEMO_POWER_W,
  deviceClockAt,
  formatDecimal,
  formatPowerLimit,
  NODE_WRITES,
  nodeWriteAt,
  nodeWriteBodyFor,
  nodeWriteTargetProblem,
  powerLimitWriteSchema,
  setupRangeProblem,
  setupValueProblem,
  type NodeWriteAction,
} from '@hearth/protocol';
import {
  emitNode,
  emitNodeList,
  findDevice,
  findNode,
  forgetExcluded,
  homeOf,
  type DemoContext,
} from './demo-context';
import { setDiscovery } from './demo-discovery';
import { awayWrite, checkPmoSystem, discoveryWrite, pmoSystemWrite } from './demo-manager-writes';
import type { DemoDevice, DemoNode } from './demo-model';
import { applyNodeWrite, DemoBadRequest } from './demo-node-writes';
import { checkNodeWrite } from './demo-node-schemas';
import { routeNotFound, route, type DemoRequest, type DemoRoute } from './demo-router';
import { monthlySamples, rawSamples } from './demo-samples';
import { parseSamplesQuery } from './demo-samples-query';
import { badRequest, parseBody } from './demo-validate';
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

/** Device and node paths of docs/wire-contract.md §5; writes change the demo state and reach its sockets. */
export function deviceRoutes(ctx: DemoContext): DemoRoute[] {
  const dev = (req: DemoRequest): DemoDevice => findDevice(ctx, req.params[0] ?? '');
  const node = (req: DemoRequest) => {
    const d = dev(req);
    return { d, n: findNode(d, req.params[1] ?? '', req.params[2] ?? '') };
  };
  const nodePart = (req: DemoRequest, part: 'status' | 'setup' | 'prog') => {
    const { d, n } = node(req);
    // As the server: a power monitor reports no status or programme, read as {}.
    if (n.kind === 'meter') return part === 'setup' ? meterSetup(n) : {};
    if (part === 'status') return heaterStatus(d, n, ctx.now());
    return part === 'setup' ? heaterSetup(n) : progOf(n);
  };
  /** What the server answers a node write: the part written, or the value sent back. */
  const nodeAnswer = (d: DemoDevice, n: DemoNode, action: NodeWriteAction, body: Body): unknown => {
    if (action === 'name' || action === 'select') return { [action]: body[action] };
    if (action === 'power_limit')
      return { power_limit: formatPowerLimit(Number(body.power_limit)) };
    if (n.kind === 'meter') return meterSetup(n);
    if (action === 'setup') return heaterSetup(n);
    if (action === 'prog') return progOf(n);
    return heaterStatus(d, n, ctx.now());
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
      const b = parseBody(awayWrite, req.body);
      d.away = { ...d.away, ...b };
      ctx.emit(d.devId, { path: '/mgr/away_status', body: { ...d.away } });
      return { ...d.away };
    }),
    route('GET', `${DEV}/mgr/discovery`, (req) => ({ ...dev(req).discovery })),
    route('POST', `${DEV}/mgr/discovery`, (req) => {
      const d = dev(req);
      setDiscovery(d, parseBody(discoveryWrite, req.body), ctx.now());
      ctx.emit(d.devId, { path: '/mgr/discovery', body: { ...d.discovery } });
      return { ...d.discovery };
    }),
    route('GET', `${DEV}/mgr/rtc/time`, (req) => deviceClockAt(ctx.now(), dev(req).timeZone)),
    route('GET', `${DEV}/htr_system/power_limit`, (req) => ({ power_limit: dev(req).powerLimit })),
    route('POST', `${DEV}/htr_system/power_limit`, (req) => {
      const d = dev(req);
      d.powerLimit = formatPowerLimit(parseBody(powerLimitWriteSchema, req.body).power_limit);
      const body = { power_limit: d.powerLimit };
      ctx.emit(d.devId, { path: '/htr_system/power_limit', body });
      return { ...body };
    }),
    route('GET', `${DEV}/pmo_system`, (req) => structuredClone(dev(req).pmoSystem)),
    route('POST', `${DEV}/pmo_system`, (req) => {
      const d = dev(req);
      const body = parseBody(pmoSystemWrite, req.body);
      checkPmoSystem(body);
      d.pmoSystem = body;
      ctx.emit(d.devId, { path: '/pmo_system', body: structuredClone(d.pmoSystem) });
      return structuredClone(d.pmoSystem);
    }),
    route('GET', NODE, (req) => {
      const { d, n } = node(req);
      const { status = {}, setup = {}, prog = {}, version = {} } = snapshotNode(d, n, ctx.now());
      return { status, setup, prog, version };
    }),
    route('DELETE', NODE, (req) => {
      const { d, n } = node(req);
      const purge = parseBody(NODE_WRITES.erase.body, req.body)?.purge ?? false;
      if (purge) d.nodes = d.nodes.filter((x) => x !== n);
      else n.installed = false;
      forgetExcluded(homeOf(ctx, d), d.devId, n.addr);
      emitNodeList(ctx, d);
      return { purge };
    }),
    route('GET', `${NODE}/status`, (req) => nodePart(req, 'status')),
    route('GET', `${NODE}/setup`, (req) => nodePart(req, 'setup')),
    route('GET', `${NODE}/prog`, (req) => nodePart(req, 'prog')),
    route('GET', `${NODE}/version`, (req) => ({ ...node(req).n.version })),
    route('GET', `${NODE}/power`, () => ({ power: power() })),
    route('GET', `${NODE}/samples`, (req) => {
      const { d, n } = node(req);
      const { start, end, group, tz } = parseSamplesQuery(req.query);
      const nowS = Math.floor(ctx.now() / 1000);
      if (group === 'month')
        return { samples: monthlySamples(d, n, start, end, tz ?? d.timeZone, nowS) };
      return { samples: rawSamples(d, n, start, end, nowS) };
    }),
    route('POST', `${NODE}/:action`, (req) => {
      const { d, n } = node(req);
      // The writes of protocol's node write table, each at its path.
      const action = nodeWriteAt('POST', req.params[3] ?? '');
      if (!action || action === 'erase')
        throw routeNotFound(
          'POST',
          `/api/v2/devs/${req.params.slice(0, 3).join('/')}/${req.params[3] ?? ''}`,
        );
      // As the server: the body's schema, then the node's own rules, before anything changes.
      const body = parseBody(NODE_WRITES[action].body, req.body) as Body;
      if (action === 'setup') {
        // As the server: only the settings of the node's type (protocol node-settings), in range.
        parseBody(nodeWriteBodyFor(action, n.type), body);
        const current = n.kind === 'meter' ? meterSetup(n) : heaterSetup(n);
        const problem = setupRangeProblem(n.type, current, body);
        if (problem) throw badRequest(problem);
      }
      const misdirected = nodeWriteTargetProblem(action, n.type);
      if (misdirected) throw new DemoBadRequest(misdirected);
      if (n.kind === 'meter' && action === 'setup') {
        const problem = setupValueProblem(meterSetup(n), body);
        if (problem) throw badRequest(problem);
      }
      if (n.kind === 'heater')
        checkNodeWrite(
          { setup: heaterSetup(n), status: heaterStatus(d, n, ctx.now()) },
          action,
          body,
        );
      applyNodeWrite(n, action, body, { now: ctx.now(), timeZone: d.timeZone });
      emitNode(ctx, d, n);
      if (action === 'name') emitNodeList(ctx, d);
      return nodeAnswer(d, n, action, body);
    }),
  ];
}
