import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/design.md §1): everyone may import protocol; server, web and
// simulator meet on the wire and never import each other. The device model is shared by the
// simulator and the app's demo mode, so it runs in a browser: it imports only protocol and zod.
const forbid = (...names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((name) => ({
        group: [name, `${name}/*`],
        message: 'Packages meet on the wire: see docs/design.md §1 for what may import what.',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'packages/web/android/**',
      'packages/web/ios/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['packages/protocol/**'],
    rules: forbid(
      '@hearth/server',
      '@hearth/web',
      '@hearth/simulator',
      '@hearth/device-model',
      '@hearth/comfort',
      '@hearth/energy',
    ),
  },
  {
    files: ['packages/device-model/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@hearth/protocol$|zod$|vitest$)',
              message:
                'The device model runs in the browser too: it imports only @hearth/protocol and zod (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The comfort decisions are I/O-free so the server's automation and the bench run the same
    // code (and a browser could): they import only @hearth/protocol.
    files: ['packages/comfort/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@hearth/protocol$|vitest$)',
              message:
                'The comfort decisions are I/O-free: they import only @hearth/protocol (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tariffs, costs, charge plans and the power guard are I/O-free so the server and the bench
    // run the same code: they import only @hearth/protocol and zod. Tests may also import the
    // LP solver that gives the planner's reference optimum.
    files: ['packages/energy/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@hearth/protocol$|zod$)',
              message:
                'The energy package is I/O-free: it imports only @hearth/protocol and zod (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/energy/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@hearth/protocol$|zod$|vitest$|highs$)',
              message:
                'Energy tests import only @hearth/protocol, zod, vitest and the highs LP solver (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**'],
    rules: forbid('@hearth/web', '@hearth/simulator', '@hearth/device-model'),
  },
  {
    // The demo homes' seeded history is made by the device model the simulated gateways run:
    // one history generator for the simulator, the app's demo mode and the server's demo.
    files: ['packages/server/src/samples/demo-gateway-history.ts'],
    rules: forbid('@hearth/web', '@hearth/simulator'),
  },
  {
    // The cloud link is a gateway driver: it reaches Hearth over the gateway channel and the
    // vendor cloud over HTTP and socket.io, and shares only the wire contract. Its tests may
    // start Hearths through the server's test support.
    files: ['packages/cloud-link/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|node:|@hearth/protocol$|zod$|mqtt$|socket\\.io-client-v2$)',
              message:
                'The cloud link imports only @hearth/protocol, zod, mqtt, socket.io-client-v2, node: modules and its own files (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/simulator/**'],
    rules: forbid('@hearth/server', '@hearth/web'),
  },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...forbid('@hearth/server', '@hearth/simulator'),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Inside web, a feature never imports another feature, nor the app shell; app/ composes
    // them (docs/design.md §1). A relative path is resolved so that `../../auth/x` is caught at any depth.
    files: ['packages/web/src/features/**'],
    plugins: {
      'web-features': {
        rules: {
          boundaries: {
            meta: { type: 'problem', schema: [] },
            create(context) {
              const area = (file) => {
                const match = /[\\/]src[\\/](features[\\/][^\\/]+|app)(?:[\\/]|$)/.exec(file);
                return match ? match[1].replace(/\\/g, '/') : undefined;
              };
              const own = area(context.filename);
              const check = (node) => {
                const source = node.source?.value;
                if (typeof source !== 'string' || !source.startsWith('.')) return;
                const here = `file://${context.filename.replace(/\\/g, '/')}`;
                const target = area(decodeURIComponent(new URL(source, here).pathname));
                if (target && target !== own) {
                  context.report({
                    node: node.source,
                    message: `${own} may not import ${target}: features meet only in src/app (docs/design.md §1).`,
                  });
                }
              };
              return {
                ImportDeclaration: check,
                ExportNamedDeclaration: check,
                ExportAllDeclaration: check,
                ImportExpression: check,
              };
            },
          },
        },
      },
    },
    rules: { 'web-features/boundaries': 'error' },
  },
  {
    // Command-line entry points and scripts talk to the operator on stdout.
    files: ['scripts/**', 'bench/**', 'packages/simulator/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Native code only behind lib/platform (docs/design.md): nothing else in the app imports Capacitor.
    files: ['packages/web/src/**'],
    ignores: ['packages/web/src/lib/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['@hearth/server', '@hearth/simulator'].map((name) => ({
              group: [name, `${name}/*`],
              message: 'Packages meet on the wire: see docs/design.md §1 for what may import what.',
            })),
            {
              group: ['@capacitor/*', '@capacitor-*/*'],
              message: 'Native calls go through src/lib/platform only (docs/design.md).',
            },
          ],
        },
      ],
    },
  },
);
