import { describe, expect, test } from 'vitest';
import { usableTimeZone, zonedNow } from './zoned-now';

describe('zonedNow', () => {
  // 2026-11-22 00:30 UTC is Sunday in London and still Saturday in New York.
  const at = Date.UTC(2026, 10, 22, 0, 30);

  test('gives the weekday and hour in the home zone', () => {
    expect(zonedNow('Europe/London', at)).toMatchObject({ y: 2026, n: 11, d: 22, h: 0, w: 0 });
    expect(zonedNow('America/New_York', at)).toMatchObject({ d: 21, h: 19, w: 6 });
  });

  test('an unknown zone falls back instead of throwing', () => {
    expect(() => zonedNow('Nowhere/Else', at)).not.toThrow();
    expect(usableTimeZone('Nowhere/Else')).not.toBe('Nowhere/Else');
    expect(usableTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
