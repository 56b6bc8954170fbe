import { describe, expect, test } from 'vitest';
import { isTimerOn, nodeDisplayState } from './node-display';

const base = {
  installed: true,
  lost: false,
  status: { mode: 'manual' as const, stemp: '21.0', mtemp: '19.0' },
};

describe('nodeDisplayState', () => {
  test('follows the spec order of checks', () => {
    expect(nodeDisplayState({ ...base, installed: false, lost: true })).toBe('uninstalled');
    expect(nodeDisplayState({ ...base, lost: true })).toBe('offline');
    expect(nodeDisplayState({ ...base, status: { mtemp: '19.0' } })).toBe('offline');
    expect(nodeDisplayState({ ...base, setup: { extra_options: { sensor_mode: 3 } } })).toBe(
      'timer',
    );
    expect(nodeDisplayState({ ...base, status: { ...base.status, mode: 'off' } })).toBe('off');
    expect(nodeDisplayState({ ...base, status: { ...base.status, sync_status: 'unsync' } })).toBe(
      'unsync',
    );
    expect(nodeDisplayState(base)).toBe('temperature');
  });

  test('a timer is off with mode off or a zero set temperature', () => {
    expect(isTimerOn(base)).toBe(true);
    expect(isTimerOn({ ...base, status: { ...base.status, stemp: '0.0' } })).toBe(false);
    expect(isTimerOn({ ...base, status: { ...base.status, mode: 'off' } })).toBe(false);
  });
});
