// The generated part of the wire contract: what `npm run docs:wire` writes, and what the test
// of the committed files compares them with.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { readOpenApiDocument } from './openapi-document';
import { renderEndpoints } from './render-endpoints';
import { renderProtocolTables } from './render-protocol';

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
export const WIRE_CONTRACT_DIR = join(REPO_ROOT, 'docs/wire-contract');
export const REGENERATE_COMMAND = 'npm run docs:wire';

export interface GeneratedFile {
  /** Relative to the repository's root. */
  path: string;
  text: string;
}

/** Formatted as `npm run format` would, so that the committed files pass `format:check`. */
async function prettierClean(path: string, text: string): Promise<GeneratedFile> {
  const filepath = join(REPO_ROOT, path);
  const options = (await resolveConfig(filepath)) ?? {};
  return { path, text: await format(text, { ...options, filepath }) };
}

export async function generateWireContract(): Promise<GeneratedFile[]> {
  const doc = await readOpenApiDocument();
  return Promise.all([
    prettierClean('docs/wire-contract/endpoints.md', renderEndpoints(doc)),
    prettierClean('docs/wire-contract/protocol-tables.md', renderProtocolTables()),
  ]);
}
