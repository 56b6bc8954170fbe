// The server's OpenAPI document, as a throwaway server answers GET /api/openapi.json: an
// in-memory database, the embedded broker, a loopback port, nothing of the caller's
// environment, so that the document is the same wherever it is read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHearth, loadConfig } from '@hearth/server';
import type { OpenApiDocument } from './render-endpoints';

export async function readOpenApiDocument(): Promise<OpenApiDocument> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-wire-contract-'));
  try {
    const hearth = await createHearth(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: 'memory://',
        CLIENT_ID: 'wire-contract',
        CLIENT_SECRET: 'wire-contract-secret',
        JWT_SECRET: 'wire-contract-jwt-secret-0123456789',
        GATEWAY_KEY: 'wire-contract-gateway-key-0123456789',
        WEB_DIST: join(dataDir, 'no-web-app'),
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const url = await hearth.listen();
      const res = await fetch(`${url}/api/openapi.json`);
      if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
      return (await res.json()) as OpenApiDocument;
    } finally {
      await hearth.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
