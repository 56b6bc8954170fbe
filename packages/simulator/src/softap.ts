import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { parseBody } from '@hearth/device-model';
import { SIM_GATEWAY_FW_VERSION } from './identity';

/**
 * The HTTP API a wifi heater serves on its own access point while it is being set up
 * (spec 2, add a wifi heater): the app reads the device and hands it the home network.
 */
export const DEFAULT_SOFTAP_PORT = 8080;
const MAX_BODY_BYTES = 16 * 1024;

export interface SoftApOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1; use 0.0.0.0 to be reachable from a phone. */
  host?: string;
  devId?: string;
  productId?: string;
  onNetwork?: (network: { essid: string; pass: string }) => void;
}

export interface SoftAp {
  port: number;
  url: string;
  /** Networks received, newest last (passwords are not kept). */
  networks: Array<{ essid: string }>;
  close(): Promise<void>;
}

// `pass` is the server's encrypted password (docs/device-protocol.md "Wifi credentials"):
// base64 of 28 bytes plus the password (at most 64), so up to 124 characters.
const ENCRYPTED_PASS_MAX = 124;
const networkBody = z.object({
  essid: z.string().min(1).max(32),
  pass: z.string().max(ENCRYPTED_PASS_MAX),
});

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
  });
  res.end(JSON.stringify(body));
}

function error(res: ServerResponse, statusCode: number, code: string, message: string): void {
  send(res, statusCode, { message, statusCode, error: code });
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) resolve(null);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startSoftAp(options: SoftApOptions = {}): Promise<SoftAp> {
  const devId = options.devId ?? '5100ffffffffffff01';
  const info = {
    dev_id: devId,
    product_id: options.productId ?? '021D',
    fw_version: SIM_GATEWAY_FW_VERSION,
    hw_version: '1',
    mac: devId.slice(-12).replace(/(..)(?!$)/g, '$1:'),
    name: 'Hearth wifi heater',
  };
  const networks: Array<{ essid: string }> = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') return send(res, 204, {});
    if (path === '/info') {
      if (req.method !== 'GET') return error(res, 405, 'method_not_allowed', 'use GET');
      return send(res, 200, info);
    }
    if (path === '/mgr/wifi/network') {
      if (req.method !== 'POST') return error(res, 405, 'method_not_allowed', 'use POST');
      const text = await readBody(req);
      if (text === null) return error(res, 413, 'validation_failed', 'body too large');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return error(res, 400, 'validation_failed', 'body must be JSON');
      }
      const parsed = parseBody(networkBody, json);
      if (!parsed.ok) return error(res, 400, 'validation_failed', parsed.error);
      networks.push({ essid: parsed.value.essid });
      options.onNetwork?.(parsed.value);
      return send(res, 200, {});
    }
    return error(res, 404, 'not_found', `no such path ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => error(res, 500, 'internal_error', err.message));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_SOFTAP_PORT, options.host ?? '127.0.0.1', () => {
      const { port, address } = server.address() as AddressInfo;
      resolve({
        port,
        url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
        networks,
        close: () => new Promise((done, fail) => server.close((err) => (err ? fail(err) : done()))),
      });
    });
  });
}
