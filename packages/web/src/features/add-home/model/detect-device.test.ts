import { afterEach, describe, expect, test, vi } from 'vitest';
import { SMARTBOX_DISCOVERY_TIMEOUT_MS } from '@hearth/protocol';

type Handler = (body: unknown) => void;
const sockets: { handlers: Map<string, Handler>; close: ReturnType<typeof vi.fn> }[] = [];

vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = { handlers: new Map<string, Handler>(), close: vi.fn() };
    sockets.push(socket);
    return {
      on: (event: string, fn: Handler) => socket.handlers.set(event, fn),
      close: socket.close,
    };
  },
}));

const { demoDetector, socketDetector } = await import('./detect-device');

afterEach(() => {
  sockets.length = 0;
  vi.useRealTimers();
});

describe('smartbox detection (spec 2 §4)', () => {
  test('gives up after 30 s and closes its socket', async () => {
    vi.useFakeTimers();
    const found = socketDetector('http://server', async () => 't')(new AbortController().signal);
    const outcome = found.then(
      () => 'found',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(SMARTBOX_DISCOVERY_TIMEOUT_MS - 1);
    expect(sockets[0]?.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('rejected');
    expect(sockets[0]?.close).toHaveBeenCalled();
  });

  test('a gateway announced within the 30 s is the one found', async () => {
    vi.useFakeTimers();
    const found = socketDetector('http://server', async () => 't')(new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10_000);
    sockets[0]?.handlers.get('dev_handshake')?.({ dev_id: '0123456789abcdef99' });
    await expect(found).resolves.toBe('0123456789abcdef99');
  });

  test('the demo finds its sample device after its delay, and stops when aborted', async () => {
    vi.useFakeTimers();
    const found = demoDetector('demo', 5_000)(new AbortController().signal);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(found).resolves.toBe('demo');
    const abort = new AbortController();
    const stopped = demoDetector('demo', 5_000)(abort.signal);
    abort.abort();
    await expect(stopped).rejects.toThrow('aborted');
  });
});
