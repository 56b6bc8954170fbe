import { describe, expect, it } from 'vitest';
import { WindowDetector, type WindowEvent } from './window-detector';

const MIN = 60_000;

/** Feeds one reading a minute from `temps` and returns the events with their minute. */
function run(detector: WindowDetector, temps: number[], device?: (i: number) => boolean) {
  const events: Array<{ minute: number; event: WindowEvent }> = [];
  temps.forEach((roomC, minute) => {
    const event = detector.observe({
      ms: minute * MIN,
      roomC: Math.round(roomC * 10) / 10,
      ...(device ? { deviceWindowOpen: device(minute) } : {}),
    });
    if (event) events.push({ minute, event });
  });
  return events;
}

/** 21 °C steady, a window open from minute 20 to 30 (−0.5 K/min), then cooling slowly. */
function airing(shutAt = 30): number[] {
  const temps: number[] = [];
  let t = 21;
  for (let m = 0; m < 120; m += 1) {
    if (m >= 20 && m < shutAt) t -= 0.5;
    else if (m >= shutAt) t -= 0.05;
    temps.push(t);
  }
  return temps;
}

describe('window detector', () => {
  it('sees an airing within minutes and lets heating resume once the fall slows', () => {
    const events = run(new WindowDetector(), airing());
    expect(events[0]?.event).toMatchObject({ kind: 'opened', reason: 'slope' });
    expect(events[0]?.minute).toBeGreaterThanOrEqual(21);
    expect(events[0]?.minute).toBeLessThanOrEqual(24);
    expect(events[1]?.event).toMatchObject({ kind: 'closed', why: 'recovered' });
    expect(events[1]?.minute).toBeLessThanOrEqual(36);
    expect(events).toHaveLength(2);
  });

  it('ignores a room cooling at a natural pace after its set-back', () => {
    const temps = Array.from({ length: 120 }, (_, m) => 21 - (m * 6) / 60);
    expect(run(new WindowDetector(), temps)).toEqual([]);
  });

  it('with the outdoor temperature, tells a set-back in a hard frost from an open window', () => {
    // 21 °C and −10 °C outside: a room without heat falls 9 K/h with every window shut.
    const setBack = Array.from({ length: 60 }, (_, m) => 21 - (m * 9) / 60);
    const frost = (d: WindowDetector) =>
      setBack.map((roomC, m) =>
        d.observe({ ms: m * MIN, roomC: Math.round(roomC * 10) / 10, outdoorC: -10 }),
      );
    expect(frost(new WindowDetector()).filter(Boolean)).toEqual([]);
    expect(run(new WindowDetector(), setBack)[0]?.event.kind).toBe('opened');
    // On a mild day (12 °C outside) a slower fall of 7 K/h is a window.
    const mild = new WindowDetector();
    const events = airing().map((roomC, m) =>
      mild.observe({
        ms: m * MIN,
        roomC: Math.round((21 - Math.max(0, Math.min(m, 30) - 20) * 0.12) * 10) / 10,
        outdoorC: 12,
      }),
    );
    expect(events.find(Boolean)).toMatchObject({ kind: 'opened', reason: 'slope' });
  });

  it('heats again after 30 min of a window left open, and waits for the fall to slow', () => {
    const events = run(new WindowDetector(), airing(200));
    expect(events.map((e) => e.event.kind)).toEqual(['opened', 'closed']);
    const [opened, closed] = events;
    expect(closed?.event).toMatchObject({ why: 'timeout' });
    expect((closed?.minute ?? 0) - (opened?.minute ?? 0)).toBe(30);
  });

  it('can be tuned and switched off, and still believes the device', () => {
    expect(run(new WindowDetector({ dropKPerH: 40 }), airing())).toEqual([]);
    const off = new WindowDetector({ enabled: false });
    const events = run(off, airing(), (m) => m >= 22 && m < 31);
    expect(events.map((e) => [e.minute, e.event.kind])).toEqual([
      [22, 'opened'],
      [31, 'closed'],
    ]);
    expect(events[0]?.event).toMatchObject({ reason: 'device' });
  });

  it('refuses a bad configuration or reading', () => {
    expect(() => new WindowDetector({ spanMs: 0 })).toThrow(/spanMs must be a positive number/);
    expect(() => new WindowDetector({ recoverKPerH: 20 })).toThrow(/recoverKPerH must be below/);
    const d = new WindowDetector();
    d.observe({ ms: MIN, roomC: 20 });
    expect(() => d.observe({ ms: MIN, roomC: 20 })).toThrow(/time order/);
    expect(() => d.observe({ ms: 2 * MIN, roomC: Number.NaN })).toThrow(/finite/);
    expect(() => d.observe({ ms: 2 * MIN, roomC: 20, outdoorC: Number.NaN })).toThrow(/finite/);
    expect(() => new WindowDetector({ recoverPerKPerH: 0.5 })).toThrow(/recover thresholds/);
  });
});
