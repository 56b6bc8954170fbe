// Just enough of the Chrome DevTools Protocol to put a signed-in session into the browser's
// storage before Lighthouse visits a page that needs one (Lighthouse itself only navigates).
import WebSocket from 'ws';

export async function setLocalStorage(
  debugPort: number,
  origin: string,
  entries: Record<string, string>,
): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${debugPort}/json/list`)).json()) as {
    type: string;
    webSocketDebuggerUrl: string;
  }[];
  const page = targets.find((t) => t.type === 'page');
  if (!page) throw new Error('no page target in Chromium');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const msg = JSON.parse(data.toString()) as {
          id?: number;
          result?: unknown;
          error?: { message: string };
        };
        if (msg.id !== mine) return;
        ws.off('message', onMessage);
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  const evaluate = async (expression: string) =>
    (
      (await call('Runtime.evaluate', { expression, returnByValue: true })) as {
        result?: { value?: unknown };
      }
    ).result?.value;
  await call('Page.enable', {});
  await call('Page.navigate', { url: `${origin}/favicon.svg` });
  // On a loaded machine the page can still be about:blank (Lighthouse leaves it there) a second
  // later, where localStorage throws and the session silently never lands: wait for the origin.
  for (let i = 0; (await evaluate('location.origin')) !== origin; i++) {
    if (i > 100) throw new Error(`the page never reached ${origin}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const script = Object.entries(entries)
    .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
    .join('');
  await evaluate(script);
  const check = Object.entries(entries)
    .map(([k, v]) => `localStorage.getItem(${JSON.stringify(k)}) === ${JSON.stringify(v)}`)
    .join(' && ');
  if ((await evaluate(check)) !== true) throw new Error('the session did not land in storage');
  ws.close();
}
