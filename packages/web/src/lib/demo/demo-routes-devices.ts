import {
  buildDevicePath,
  DEMO_POWER_RANDOM_BELOW_W,
  DEMO_POWER_W,
  deviceClockAt,
  formatDecimal,
  formatPowerLimit,
  NODE_WRITES,
  nodeCommandPath,
  nodeWriteAt,
  nodeWriteBodyFor,
  nodeWriteProblem,
  nodeWriteTargetProblem,
  powerLimitWriteSchema,
  type NodeWriteAction,
} from '@hearth/protocol';
import type { SimNode } from '@hearth/device-model';
import {
  findDevice,
  findNode,
  forgetExcluded,
  homeOf,
  publish,
  type DemoContext,
} from './demo-context';
import { awayWrite, checkPmoSystem, discoveryWrite, pmoSystemWrite } from './demo-manager-writes';
import type { DemoDevice } from './demo-model';
import { DemoBadRequest, sendCommand } from './demo-node-writes';
import { routeNotFound, route, type DemoRequest, type DemoRoute } from './demo-router';
import { monthlySamples, rawSamples } from './demo-history';
import { parseSamplesQuery } from './demo-samples-query';
import { badRequest, parseBody } from './demo-validate';
import { devData, mgrNodes, nodePart, nodeSnapshot, reportedObjects } from './demo-wire';

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
  /** A node's part as its gateway reports it; as the server, a power monitor's status and prog read as {}. */
  const part = (req: DemoRequest, name: 'status' | 'setup' | 'prog') => {
    const { d, n } = node(req);
    return nodePart(d, n, name) ?? {};
  };
  /** What the server answers a node write: the part written, or the value sent back. */
  const nodeAnswer = (d: DemoDevice, n: SimNode, action: NodeWriteAction, body: Body): unknown => {
    if (action === 'name' || action === 'select') return { [action]: body[action] };
    if (action === 'power_limit')
      return { power_limit: formatPowerLimit(Number(body.power_limit)) };
    if (n.kind === 'meter') return nodePart(d, n, 'setup');
    if (action === 'setup' || action === 'prog') return nodePart(d, n, action);
    return nodePart(d, n, 'status');
  };
  /**
   * A write of a device object, as the server makes it: it keeps and pushes the desired state
   * at once and hands the write to the device, whose own report then follows when it differs.
   */
  const command = <T>(d: DemoDevice, path: string, body: unknown, desired: T): T => {
    sendCommand(d, 'POST', path, body);
    ctx.emit(d.devId, { path, body: structuredClone(desired) });
    d.reported.set(path, JSON.stringify(desired));
    publish(ctx, d);
    return desired;
  };
  const reported = (d: DemoDevice, path: string) =>
    structuredClone(reportedObjects(d).get(path)?.body) as Record<string, unknown>;
  const power = () =>
    formatDecimal(
      ctx.onDashboard() ? DEMO_POWER_W : Math.floor(ctx.random() * DEMO_POWER_RANDOM_BELOW_W),
    );

  return [
    route('GET', `${DEV}/dev_data`, (req) => {
      const d = dev(req);
      return devData(d, homeOf(ctx, d).geo);
    }),
    route('GET', `${DEV}/connected`, () => ({ connected: true })),
    route('GET', `${DEV}/mgr/nodes`, (req) => ({ nodes: mgrNodes(dev(req)) })),
    route('GET', `${DEV}/mgr/away_status`, (req) =>
      reported(dev(req), buildDevicePath('away_status')),
    ),
    route('POST', `${DEV}/mgr/away_status`, (req) => {
      const d = dev(req);
      const path = buildDevicePath('away_status');
      const body = parseBody(awayWrite, req.body);
      return command(d, path, body, { ...reported(d, path), ...body });
    }),
    route('GET', `${DEV}/mgr/discovery`, (req) => reported(dev(req), buildDevicePath('discovery'))),
    route('POST', `${DEV}/mgr/discovery`, (req) => {
      const d = dev(req);
      const body = parseBody(discoveryWrite, req.body);
      // As the server, the state is the write as sent (docs/wire-contract.md §5 /mgr/discovery).
      return command(d, buildDevicePath('discovery'), body, { ...body });
    }),
    route('GET', `${DEV}/mgr/rtc/time`, (req) => deviceClockAt(ctx.now(), dev(req).model.timezone)),
    route('GET', `${DEV}/htr_system/power_limit`, (req) =>
      reported(dev(req), buildDevicePath('htr_power_limit')),
    ),
    route('POST', `${DEV}/htr_system/power_limit`, (req) => {
      const d = dev(req);
      const body = parseBody(powerLimitWriteSchema, req.body);
      return command(d, buildDevicePath('htr_power_limit'), body, {
        power_limit: formatPowerLimit(body.power_limit),
      });
    }),
    route('GET', `${DEV}/pmo_system`, (req) => reported(dev(req), buildDevicePath('pmo_system'))),
    route('POST', `${DEV}/pmo_system`, (req) => {
      const d = dev(req);
      const body = parseBody(pmoSystemWrite, req.body);
      checkPmoSystem(body);
      return command(d, buildDevicePath('pmo_system'), body, structuredClone(body));
    }),
    route('GET', NODE, (req) => {
      const { d, n } = node(req);
      const { status = {}, setup = {}, prog = {}, version = {} } = nodeSnapshot(d, n);
      return structuredClone({ status, setup, prog, version });
    }),
    route('DELETE', NODE, (req) => {
      const { d, n } = node(req);
      const purge = parseBody(NODE_WRITES.erase.body, req.body)?.purge ?? false;
      sendCommand(d, 'DELETE', nodeCommandPath(n, 'erase'), { purge });
      forgetExcluded(homeOf(ctx, d), d.devId, n.addr);
      publish(ctx, d);
      return { purge };
    }),
    route('GET', `${NODE}/status`, (req) => part(req, 'status')),
    route('GET', `${NODE}/setup`, (req) => part(req, 'setup')),
    route('GET', `${NODE}/prog`, (req) => part(req, 'prog')),
    route('GET', `${NODE}/version`, (req) => {
      const { d, n } = node(req);
      return nodePart(d, n, 'version');
    }),
    route('GET', `${NODE}/power`, () => ({ power: power() })),
    route('GET', `${NODE}/samples`, (req) => {
      const { d, n } = node(req);
      const { start, end, group, tz } = parseSamplesQuery(req.query);
      const nowS = Math.floor(ctx.now() / 1000);
      if (group === 'month')
        return { samples: monthlySamples(d, n, start, end, tz ?? d.model.timezone, nowS) };
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
      // As the server: only the settings of the node's type (protocol node-settings).
      if (action === 'setup') parseBody(nodeWriteBodyFor(action, n.type), body);
      const misdirected = nodeWriteTargetProblem(action, n.type);
      if (misdirected) throw new DemoBadRequest(misdirected);
      const setup = (nodePart(d, n, 'setup') ?? {}) as Record<string, unknown>;
      const status = (nodePart(d, n, 'status') ?? {}) as Record<string, unknown>;
      const problem = nodeWriteProblem({ type: n.type, setup, status }, action, body);
      if (problem) throw badRequest(problem);
      // Then the device does what it does with the write (the simulator's command handling).
      sendCommand(d, 'POST', nodeCommandPath(n, action), body);
      publish(ctx, d);
      return structuredClone(nodeAnswer(d, n, action, body));
    }),
  ];
}
