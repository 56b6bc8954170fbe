import { describe, expect, it } from 'vitest';
import { ManualClock } from '@hearth/device-model';
import { gatewaySecret, simDevId } from './identity';
import { changeResolution, defaultProg, slotAt } from '@hearth/device-model';

describe('device clock', () => {
  it('runs manual timers in time order as it advances', () => {
    const clock = new ManualClock(1000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => seen.push(`a@${clock.now()}`), 100);
    const dropped = clock.setTimeout(() => seen.push('never'), 150);
    clock.clearTimeout(dropped);
    clock.setTimeout(() => clock.setTimeout(() => seen.push(`c@${clock.now()}`), 50), 120);
    clock.advance(300);
    expect(seen).toEqual(['a@1100', 'c@1170', 'b@1200']);
    expect(clock.now()).toBe(1300);
  });
});

describe('programme', () => {
  it('reads hourly and half-hourly slots and converts between them', () => {
    const prog = defaultProg();
    expect(slotAt(prog, { w: 1, h: 7, m: 0 })).toBe(2);
    expect(slotAt(prog, { w: 1, h: 10, m: 0 })).toBe(1);
    const half = changeResolution(prog, 48);
    expect(half[1]).toHaveLength(48);
    expect(slotAt(half, { w: 1, h: 7, m: 45 })).toBe(2);
    expect(changeResolution(half, 24)).toEqual(prog);
  });
});

describe('identity', () => {
  it('derives 18-hex dev_ids and the documented HMAC secret', () => {
    expect(simDevId(0)).toBe('510000000000000000');
    expect(simDevId(255)).toBe('5100000000000000ff');
    expect(simDevId(3)).toMatch(/^[0-9a-f]{18}$/);
    // hex(HMAC-SHA256("key", "510000000000000000")), computed independently with openssl.
    expect(gatewaySecret('key', '510000000000000000')).toBe(EXPECTED_SECRET);
  });
});

const EXPECTED_SECRET = 'cfa1f27f44391cd68b29205e74919474170b015a4f2a4bf96a4a47adf8b4547b';
