/**
 * The service worker: keeps the app shell (HTML, scripts, styles, icons) so the app opens
 * offline. It never answers API, realtime or catalogue requests from a cache, so nothing
 * stale can be shown as live. Built into /sw.js by scripts/service-worker-plugin.ts, which
 * defines the two constants below; it must import nothing (a classic worker script).
 */
declare const HEARTH_SHELL_VERSION: string;
declare const HEARTH_SHELL_FILES: readonly string[];

interface ExtendableEvent extends Event {
  waitUntil: (promise: Promise<unknown>) => void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith: (response: Promise<Response>) => void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting: () => Promise<void>;
  clients: { claim: () => Promise<void> };
  location: Location;
}

const worker = self as unknown as WorkerScope;
const PREFIX = 'hearth-shell-';
const CACHE = `${PREFIX}${HEARTH_SHELL_VERSION}`;
const SHELL = new Set(HEARTH_SHELL_FILES);
const INDEX = '/index.html';
const SERVER_PAGES = /^\/(api|client|client-data|webapp|socket\.io|mqtt)(\/|$)/;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...SHELL]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

async function shellPage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(INDEX);
    if (cached) return cached;
    throw error;
  }
}

async function shellFile(request: Request): Promise<Response> {
  return (await caches.match(request)) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  // Pages are the app's own routes (history mode): the network first, the cached shell offline.
  // The server's own pages (the API documentation) are left to the network.
  if (request.mode === 'navigate' && !SERVER_PAGES.test(url.pathname))
    event.respondWith(shellPage(request));
  else if (SHELL.has(url.pathname)) event.respondWith(shellFile(request));
});
