import type { DeviceConnection, DeviceSocketOptions } from '../socket/device-socket';
import type { DemoBackend } from './demo-backend';
import { demoBackend } from './demo-session';

/** How often the demo checks for boosts whose time is up. */
export const DEMO_TICK_MS = 5_000;

/**
 * Spec 3 §4: no realtime connection in demo mode. The device's "socket" is the demo
 * backend itself: a snapshot on connect, then the updates its writes produce.
 */
export function connectDemoDevice(options: DeviceSocketOptions): DeviceConnection {
  let closed = false;
  let backend: DemoBackend | undefined;
  let unsubscribe = () => {};
  let timer: ReturnType<typeof setInterval> | undefined;
  const sendSnapshot = () => {
    const snapshot = backend?.snapshot(options.devId);
    if (!snapshot) {
      options.onStatus('refused');
      return;
    }
    options.onStatus('connected');
    options.onDevData(structuredClone(snapshot));
  };
  options.onStatus('connecting');
  void demoBackend().then((b) => {
    if (closed) return;
    backend = b;
    unsubscribe = b.subscribe(options.devId, (event) => options.onUpdate(structuredClone(event)));
    timer = setInterval(() => b.tick(), DEMO_TICK_MS);
    sendSnapshot();
  });
  return {
    close: () => {
      closed = true;
      clearInterval(timer);
      unsubscribe();
    },
    resume: () => {
      if (!closed) sendSnapshot();
    },
  };
}
