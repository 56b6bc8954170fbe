import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudUpstream } from '../src/upstream-config.ts';

export interface CloudRequest {
  method: string;
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface CloudAnswer {
  /** 0 drops the connection without an answer. */
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A vendor cloud's token endpoint (and a stand-in for its REST API) on a real socket. `answer` decides each reply;
 * by default it accepts password "right" and any refresh token it issued, as a cloud does.
 */
export class FakeCloud {
  readonly requests: CloudRequest[] = [];
  /** Every request that is not for the token endpoint. */
  readonly apiRequests: CloudRequest[] = [];
  /** Answers the REST API (every path but /client/token); 404 unless a test says otherwise. */
  api: (request: CloudRequest) => CloudAnswer = () => ({ status: 404 });
  private issued = 0;
  private readonly live = new Set<string>();
  password = 'right';
  expiresIn = 14_400;
  answer: (request: CloudRequest) => CloudAnswer = (request) => this.standard(request);
  private server: Server | undefined;

  async start(): Promise<CloudUpstream> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const path = req.url ?? '';
        const method = req.method ?? 'GET';
        const isToken = path === '/client/token';
        const form = isToken ? Object.fromEntries(new URLSearchParams(text)) : {};
        const request = { method, path, body: text, headers: req.headers, form };
        (isToken ? this.requests : this.apiRequests).push(request);
        const reply = isToken ? this.answer(request) : this.api(request);
        const { status, body } = reply;
        if (reply.headers !== undefined) res.setHeaders(new Map(Object.entries(reply.headers)));
        if (status === 0) {
          req.socket.destroy();
          return;
        }
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body ?? {}));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return {
      name: 'fake',
      apiBaseUrl: `http://127.0.0.1:${port}`,
      clientId: 'app-client',
      clientSecret: 'app-secret',
      serialId: '14',
      referer: 'https://app.example.com',
      clockMonthFrom: 0,
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Forgets every refresh token it issued, as a cloud restarted or rotated does. */
  revokeRefreshTokens(): void {
    this.live.clear();
  }

  standard(request: CloudRequest): CloudAnswer {
    const { form } = request;
    const ok =
      (form.grant_type === 'password' && form.password === this.password) ||
      (form.grant_type === 'refresh_token' && this.live.has(form.refresh_token ?? ''));
    if (!ok) return { status: 401, body: { error: 'invalid_grant' } };
    if (form.grant_type === 'refresh_token') this.live.delete(form.refresh_token ?? '');
    this.issued += 1;
    const refresh = `refresh-${this.issued}`;
    this.live.add(refresh);
    return {
      status: 200,
      body: {
        access_token: `access-${this.issued}`,
        refresh_token: refresh,
        expires_in: this.expiresIn,
        token_type: 'bearer',
      },
    };
  }
}
