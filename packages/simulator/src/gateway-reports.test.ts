import { gatewaySamplesPayloadSchema, gatewayTopics } from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { reportPhaseMs } from './fleet';
import { START, useSimGateways } from './gateway-test-harness';
import type { Received } from './test-broker';

// The periodic reports of a simulated gateway over a real broker: their interval, a spread
// fleet's phases, and a period that holds when a report fires late.
const sim = useSimGateways(5000);
const { startOne } = sim;

describe("a simulated gateway's periodic reports", () => {
  it('reports samples and changed values on every report interval', async () => {
    const { devId, clock } = await startOne();
    const from = sim.observer().messages.length;
    clock.advance(30_000);
    const msg = await sim.observer().waitFor((m) => m.topic === gatewayTopics.samples(devId), from);
    const { samples } = gatewaySamplesPayloadSchema.parse(msg.body);
    expect(samples.map((s) => `${s.type}/${s.addr}`)).toEqual([
      'htr/1',
      'htr/2',
      'htr/3',
      'acm/4',
      'pmo/5',
    ]);
    expect(samples.every((s) => s.t === (START + 30_000) / 1000)).toBe(true);
    expect(samples.find((s) => s.type === 'pmo')).toMatchObject({
      max: expect.any(Number),
      min: expect.any(Number),
    });
  });

  it('in a spread fleet, reports first at its own point of the interval, then every interval', async () => {
    const { devId, clock } = await startOne({ reportPhase: 'spread' });
    const phase = reportPhaseMs(devId, 7, 30_000);
    expect(phase).toBeGreaterThan(0);
    expect(phase).toBeLessThan(30_000);
    const isSamples = (m: Received) => m.topic === gatewayTopics.samples(devId);
    const from = sim.observer().messages.length;
    clock.advance(phase - 1);
    clock.advance(1);
    const first = gatewaySamplesPayloadSchema.parse(
      (await sim.observer().waitFor(isSamples, from)).body,
    );
    expect(first.samples[0]?.t).toBe(Math.floor((START + phase) / 1000));
    const next = sim.observer().messages.length;
    clock.advance(30_000);
    const second = gatewaySamplesPayloadSchema.parse(
      (await sim.observer().waitFor(isSamples, next)).body,
    );
    expect(second.samples[0]?.t).toBe(Math.floor((START + phase + 30_000) / 1000));
    // Nothing came between the phase's report and the next one, an interval later.
    expect(sim.observer().messages.slice(from).filter(isSamples)).toHaveLength(2);
  });

  it('keeps its report period when a report fires late', async () => {
    const { devId, clock } = await startOne({ reportPhase: 'spread', firstTimerLateMs: 5_000 });
    const phase = reportPhaseMs(devId, 7, 30_000);
    const isSamples = (m: Received) => m.topic === gatewayTopics.samples(devId);
    const from = sim.observer().messages.length;
    clock.advance(phase + 5_000);
    const late = gatewaySamplesPayloadSchema.parse(
      (await sim.observer().waitFor(isSamples, from)).body,
    );
    expect(late.samples[0]?.t).toBe(Math.floor((START + phase + 5_000) / 1000));
    const next = sim.observer().messages.length;
    // Due one interval after the late one was due, not one interval after it came.
    clock.advance(25_000);
    const onTime = gatewaySamplesPayloadSchema.parse(
      (await sim.observer().waitFor(isSamples, next)).body,
    );
    expect(onTime.samples[0]?.t).toBe(Math.floor((START + phase + 30_000) / 1000));
  });
});
