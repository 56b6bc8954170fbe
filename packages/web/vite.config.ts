import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
  const proxy = Object.fromEntries(PROXIED.map((path) => [path, { target, changeOrigin: true }]));
  return {
    plugins: [react()],
    build: { outDir: 'dist', sourcemap: true },
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
