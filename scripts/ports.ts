// Loopback port helpers shared by the scripts that start a service of their own (the nginx
// proxy) and by the benches (their own Mosquitto).
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Whether something accepts connections on the port. */
export function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** A port nothing listens on now, picked by the system. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once the child listens on the port; throws `failure` if it exits or takes over 5 s. */
export async function waitForListener(
  child: ChildProcess,
  port: number,
  failure: string,
  host = '127.0.0.1',
): Promise<void> {
  for (let i = 0; !(await portOpen(port, host)); i++) {
    if (i > 50 || child.exitCode !== null) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 100));
  }
}
