import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_SETUP_SETTINGS, ownerOnlySetupKeys } from '@hearth/protocol';
import {
  generateWireContract,
  REGENERATE_COMMAND,
  REPO_ROOT,
} from '../../../../scripts/wire-contract/generate';
import {
  renderEndpoints,
  type OpenApiDocument,
} from '../../../../scripts/wire-contract/render-endpoints';
import { renderProtocolTables } from '../../../../scripts/wire-contract/render-protocol';

const bearer = [{ bearer: [] }];

/** A small document in the shape @fastify/swagger writes, with what the renderer must read. */
const doc: OpenApiDocument = {
  paths: {
    '/b/{id}': {
      post: {
        tags: ['things'],
        description: 'Owner only. 409 device_conflict when it is someone else’s',
        security: bearer,
        parameters: [
          { in: 'path', name: 'id', required: true, schema: { type: 'string', maxLength: 64 } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 30 },
                  colour: { type: 'string', pattern: '^#(?:[0-9a-f]{3}|[0-9a-f]{6})$' },
                  slots: {
                    type: 'array',
                    maxItems: 4,
                    items: {
                      type: 'object',
                      required: ['m'],
                      properties: { m: { type: 'integer', minimum: 0, maximum: 1440 } },
                    },
                  },
                  watts: {
                    anyOf: [
                      { type: 'string', maxLength: 6 },
                      { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
                    ],
                  },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'Default Response' } },
      },
      get: { tags: ['things'], summary: 'Read one', security: bearer, responses: {} },
    },
    '/a': {
      get: {
        tags: ['service'],
        summary: 'Health',
        responses: {
          '200': {
            description: 'Default Response',
            content: {
              'application/json': { schema: { type: 'object', properties: { ok: {}, at: {} } } },
            },
          },
          '503': { description: 'A service is down' },
        },
      },
    },
  },
};

describe('endpoints.md from an OpenAPI document', () => {
  const md = renderEndpoints(doc);

  it('indexes every operation by path, then method, each linked to its own section', () => {
    const index = md.split('\n').filter((l) => /^\| (GET|POST) /.test(l));
    expect(index.map((l) => l.split('|').slice(1, 3).join('|').replace(/\s+/g, ' '))).toEqual([
      ' GET | [`/a`](#get-a) ',
      ' GET | [`/b/{id}`](#get-bid) ',
      ' POST | [`/b/{id}`](#post-bid) ',
    ]);
    for (const heading of ['### `GET /a`', '### `GET /b/{id}`', '### `POST /b/{id}`']) {
      expect(md).toContain(heading);
    }
    // Sections by tag, in name order.
    expect(md.indexOf('## service')).toBeLessThan(md.indexOf('## things'));
  });

  it('lists body fields with their type, whether required, and limits, nested ones by path', () => {
    expect(md).toContain('| `name` | string | yes | 1–30 characters |');
    expect(md).toContain('| `slots` | object[] | no | at most 4 items |');
    expect(md).toContain('| `slots[].m` | integer | yes | 0–1440 |');
    // A | of a pattern would split the cell: escaped. zod's safe-integer bounds are no limit.
    expect(md).toContain('matches `^#(?:[0-9a-f]{3}\\|[0-9a-f]{6})$`');
    expect(md).toContain('| `watts` | string or integer | no | string: at most 6 characters |');
    expect(md).toContain('| `id` | path | string | yes | at most 64 characters |');
  });

  it('says who may call, what comes back and which refusals the document shows', () => {
    const post = md.slice(md.indexOf('### `POST /b/{id}`'));
    expect(post).toContain('Caller: a signed-in user');
    expect(post).toContain(
      'Refusals: `400 validation_failed`, `401 unauthorized`, `409 device_conflict`.',
    );
    const health = md.slice(md.indexOf('### `GET /a`'), md.indexOf('## things'));
    expect(health).toContain('Caller: anyone, no token.');
    expect(health).toContain('- 200: `{at, ok}`');
    expect(health).toContain('- 503: `no body` — A service is down');
    expect(health).toContain('Refusals: `503`.');
  });
});

describe('protocol-tables.md', () => {
  const md = renderProtocolTables();

  it('shows each setup setting with its range and owner-only flag as the protocol declares them', () => {
    for (const key of ownerOnlySetupKeys('htr')) {
      expect(md).toMatch(
        new RegExp(`\\| \`${key}\` \\| [^|]*htr[^|]*\\|.*\\| yes \\| (yes|no) \\|`),
      );
    }
    const extra = NODE_SETUP_SETTINGS.htr.extra_options?.kind;
    const boostTime = extra?.type === 'group' ? extra.entries.boost_time?.kind : undefined;
    if (boostTime?.type !== 'integer')
      throw new Error('extra_options.boost_time is not an integer');
    expect(md).toContain(
      `| \`extra_options.boost_time\` | htr, acm, thm | integer | ${boostTime.min}–${boostTime.max} |`,
    );
  });
});

describe('the committed wire contract', () => {
  it(`is what \`${REGENERATE_COMMAND}\` makes of the server and protocol now`, async () => {
    for (const file of await generateWireContract()) {
      const committed = readFileSync(join(REPO_ROOT, file.path), 'utf8');
      expect(
        committed,
        `${file.path} is out of date: run \`${REGENERATE_COMMAND}\` and commit the result`,
      ).toBe(file.text);
    }
  });
});
