import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { ionicSplit } from './ionic-split.config';
import { serviceWorkerPlugin } from './scripts/service-worker-plugin';
import { precompressPlugin } from './scripts/precompress-plugin';

// The dev server forwards everything the server answers, so the app runs same-origin
// as it does in production (one process serves both).
const PROXIED = [
  '/client',
  '/api',
  '/health_check',
  '/version',
  '/webapp',
  '/client-data',
  '/assets/maxPowerConfig.json',
];

const PROTOCOL_SOURCE = /[\\/]packages[\\/]protocol[\\/]src[\\/]/;

/** English strings the shell carries itself (src/lib/i18n/load-language.ts). */
const SHELL_STRINGS = /[\\/](lib[\\/]i18n|features[\\/]pwa)[\\/]locales[\\/]en\.json$/;

/** A language's shared strings: all the light sign-in needs (features/auth/light). */
const SHARED_STRINGS = /[\\/]lib[\\/]i18n[\\/]locales[\\/]/;

const localeChunk = (id: string) => {
  const lang = /[\\/]locales[\\/]([a-z]{2})\.json$/.exec(id)?.[1];
  if (!lang || SHELL_STRINGS.test(id)) return null;
  return SHARED_STRINGS.test(id) ? `locale-${lang}-shared` : `locale-${lang}`;
};

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
  const proxy = Object.fromEntries(PROXIED.map((path) => [path, { target, changeOrigin: true }]));
  // Spec 1 §1: the copyright line shows the build year; SOURCE_DATE_EPOCH keeps builds reproducible.
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const built = Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
  return {
    define: { __BUILD_YEAR__: JSON.stringify(built.getUTCFullYear()) },
    plugins: [
      react(),
      ionicSplit(),
      serviceWorkerPlugin(fileURLToPath(new URL('.', import.meta.url))),
      // The native shells read files from the app bundle: compressed copies would only add weight.
      ...(mode === 'native' ? [] : [precompressPlugin()]),
    ],
    build: {
      outDir: 'dist',
      // Lazy screens do not insert a <link rel=modulepreload> per dependency when they load
      // (measured: ~290 ms of the dashboard's main thread at 4× slowdown); the HTML keeps its own.
      modulePreload: {
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
      },
      sourcemap: true,
      // Each language's strings in two chunks, fetched when used: the shared ones (the light
      // sign-in's) and every feature's.
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: localeChunk }] } },
        treeshake: {
          // The protocol package's modules only declare things (many of them zod schemas): a
          // module none of whose exports a chunk uses is left out, so one constant imported
          // from the package no longer brings every schema, and zod, to the first screen.
          moduleSideEffects: [{ test: PROTOCOL_SOURCE, sideEffects: false }],
        },
      },
    },
    server: {
      proxy: {
        ...proxy,
        '/socket.io': { target, ws: true, changeOrigin: true },
        '/mqtt': { target, ws: true, changeOrigin: true },
      },
    },
    preview: { proxy: { ...proxy, '/socket.io': { target, ws: true, changeOrigin: true } } },
  };
});
