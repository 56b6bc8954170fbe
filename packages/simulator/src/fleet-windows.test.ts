import { describe, expect, it } from 'vitest';
import type { GatewayModel } from '@hearth/device-model';
import { createGatewayModel, windowsOption } from './fleet';
import { useSimGateways } from './gateway-test-harness';
import { gatewaySecret, simDevId } from './identity';

const QUARTER_HOUR = 15 * 60_000;
/** Wednesday 14 January 2026, 00:00 UTC. */
const WED = Date.UTC(2026, 0, 14);
const DAYS = 7;

/** The quarter hours in which some room of the gateway had its window open, over a week. */
function airedQuarterHours(model: GatewayModel, fromMs: number): number {
  let aired = 0;
  for (let t = fromMs + QUARTER_HOUR; t <= fromMs + DAYS * 86_400_000; t += QUARTER_HOUR) {
    model.advanceTo(t);
    if (model.heaters().some((h) => h.windowOpen)) aired++;
  }
  return aired;
}

const spec = (i: number) => {
  const devId = simDevId(900 + i);
  return { devId, secret: gatewaySecret('k', devId), timezone: 'UTC', preset: 'house' as const };
};

describe('windows of a simulated fleet', () => {
  it('are aired now and then by the simulated day unless told otherwise', () => {
    const model = createGatewayModel(spec(0), WED, 1);
    expect(airedQuarterHours(model, WED)).toBeGreaterThan(0);
  });

  it("stay shut for a whole week with windows 'shut', on the same seed", () => {
    const model = createGatewayModel(spec(0), WED, 1, 'shut');
    expect(airedQuarterHours(model, WED)).toBe(0);
  });

  it("open when a test hook opens one with windows 'shut', and shut again after its minutes", () => {
    const model = createGatewayModel(spec(1), WED, 1, 'shut');
    const [kitchen, other] = model.heaters().slice(1);
    model.setWindow(kitchen!, true, 30);
    expect(kitchen!.windowOpen).toBe(true);
    model.advanceTo(WED + 20 * 60_000);
    expect(kitchen!.windowOpen).toBe(true);
    expect(other!.windowOpen).toBe(false);
    model.advanceTo(WED + 45 * 60_000);
    expect(kitchen!.windowOpen).toBe(false);
  });

  it('read from --windows and SIM_WINDOWS: aired by default, shut when asked, else an error', () => {
    expect(windowsOption(undefined, 'SIM_WINDOWS')).toBe('aired');
    expect(windowsOption('', 'SIM_WINDOWS')).toBe('aired');
    expect(windowsOption('aired', '--windows')).toBe('aired');
    expect(windowsOption('shut', 'SIM_WINDOWS')).toBe('shut');
    expect(() => windowsOption('closed', 'SIM_WINDOWS')).toThrow(
      'SIM_WINDOWS must be aired or shut, not closed',
    );
  });
});

describe('a fleet started with windows shut', () => {
  const sim = useSimGateways(940);

  it('runs gateways whose rooms are never aired, whatever their seeded day', async () => {
    await sim.startOne({ windows: 'shut' });
    const model = sim.fleet()!.gateways[0]!.model;
    expect(airedQuarterHours(model, model.timeMs)).toBe(0);
  });

  it('and with the default, the same gateways are aired some time in the week', async () => {
    await sim.startOne();
    const model = sim.fleet()!.gateways[0]!.model;
    expect(airedQuarterHours(model, model.timeMs)).toBeGreaterThan(0);
  });
});
