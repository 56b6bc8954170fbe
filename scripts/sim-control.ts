// Opt-in test hook of the launcher (SIM_CONTROL=1): a loopback-only HTTP endpoint through
// which a browser journey stops and restarts one simulated gateway, as a power cut and its
// return would, or keeps a room's window shut. Never started unless asked for; see README "Configuration".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimGateway } from '@hearth/simulator';

const ROUTE = /^\/gateways\/([0-9a-f]{18})\/(stop|start)$/;
const WINDOW =
  /^\/gateways\/([0-9a-f]{18})\/(htr|acm|thm)\/(\d{1,3})\/window\/(open|shut)\/(\d{1,4})$/;

/**
 * POST /gateways/{devId}/stop drops the gateway's MQTT connection without a goodbye, so the
 * broker fires its last will (connected false); POST /gateways/{devId}/start connects it again.
 * GET /gateways lists the gateways and whether each is connected.
 * POST /gateways/{devId}/{type}/{addr}/window/{open|shut}/{minutes} holds a heater's window so for
 * that many device minutes, whatever the simulated day would air (a journey that watches a room
 * warm up must not meet an aired window).
 */
export function startSimControl(gateways: readonly SimGateway[], port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/gateways')
      return reply(
        200,
        gateways.map((g) => ({ devId: g.devId, connected: g.connected })),
      );
    const window = req.method === 'POST' ? WINDOW.exec(req.url ?? '') : null;
    if (window) {
      const [, devId, type, addr, state, minutes] = window;
      const model = gateways.find((g) => g.devId === devId)?.model;
      const node = model?.heaters().find((h) => h.type === type && h.addr === Number(addr));
      if (!model || !node) return reply(404, { message: 'no such gateway or heater' });
      model.setWindow(node, state === 'open', Number(minutes));
      return reply(200, { devId, addr: node.addr, windowOpen: node.windowOpen });
    }
    const match = req.method === 'POST' ? ROUTE.exec(req.url ?? '') : null;
    const gateway = match ? gateways.find((g) => g.devId === match[1]) : undefined;
    if (!match || !gateway) return reply(404, { message: 'no such gateway or action' });
    const action = match[2] === 'stop' ? gateway.kill() : gateway.reconnect();
    action.then(
      () => reply(200, { devId: gateway.devId, connected: gateway.connected }),
      (err: unknown) => reply(500, { message: err instanceof Error ? err.message : String(err) }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: nothing outside this machine may switch gateways off.
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export const simControlPort = (server: Server) => (server.address() as AddressInfo).port;
