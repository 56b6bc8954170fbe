import { describe, expect, test } from 'vitest';
import { formatTemp } from './schedule-model';

describe('schedule profile temperatures', () => {
  test('read with one decimal in the language number format, as the cards and the detail', () => {
    expect(formatTemp(21, 'C', 'en')).toBe('21.0 °C');
    expect(formatTemp(21.5, 'C', 'es')).toBe('21,5 °C');
    expect(formatTemp(68, 'F', 'en')).toBe('68.0 °F');
  });
});
