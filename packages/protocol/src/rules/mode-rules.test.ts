import { describe, expect, test } from 'vitest';
import {
  boostTimeFromDisplayMinutes,
  boostTimeToDisplayMinutes,
  isActiveInSwitcher,
  isBoostLike,
  lastOnModeAfter,
  modeAfterProgramUpdate,
  modeAfterTemperatureChange,
  modeClickAction,
  modeIcon,
  offeredModes,
  restoreAuto,
  showBoostButton,
  switcherModes,
} from './mode-rules';

describe('offered modes and the switcher', () => {
  test('runback replaces boost; optional modes follow the setup', () => {
    expect(offeredModes({ boostAvailable: true })).toEqual(['auto', 'manual', 'off', 'boost']);
    expect(
      offeredModes({
        boostAvailable: true,
        offersRunback: true,
        setbackEnabled: true,
        easyEnabled: true,
      }),
    ).toEqual(['auto', 'manual', 'off', 'runback', 'setback', 'easy']);
    expect(offeredModes({ timer: true, boostAvailable: true })).toEqual([
      'auto',
      'manual',
      'off',
      'on',
    ]);
  });
  test('the switcher hides modified_auto, boost, easy and on', () => {
    expect(
      switcherModes(['auto', 'manual', 'off', 'boost', 'easy', 'on', 'modified_auto', 'runback']),
    ).toEqual(['auto', 'manual', 'off', 'runback']);
  });
  test('auto and manual both active under modified_auto', () => {
    expect(isActiveInSwitcher('modified_auto', 'auto')).toBe(true);
    expect(isActiveInSwitcher('modified_auto', 'manual')).toBe(true);
    expect(isActiveInSwitcher('modified_auto', 'off')).toBe(false);
    expect(isActiveInSwitcher('auto', 'manual')).toBe(false);
  });
  test('click actions', () => {
    expect(modeClickAction('auto', 'auto')).toBe('none');
    expect(modeClickAction('modified_auto', 'manual')).toBe('none');
    expect(modeClickAction('auto', 'runback')).toBe('openBoostDialog');
    expect(modeClickAction('auto', 'boost')).toBe('openBoostDialog');
    expect(modeClickAction('auto', 'off')).toBe('setMode');
  });
});

describe('boost', () => {
  test('boost-like status', () => {
    expect(isBoostLike({ mode: 'boost' }, false)).toBe(true);
    expect(isBoostLike({ mode: 'runback' }, true)).toBe(true);
    expect(isBoostLike({ mode: 'runback' }, false)).toBe(false);
    expect(isBoostLike({ mode: 'auto' }, true)).toBe(false);
  });
  test('boost button visibility', () => {
    expect(showBoostButton({ boostAvailable: true, boostActive: false, timerActive: false })).toBe(
      true,
    );
    expect(showBoostButton({ boostAvailable: false, boostActive: false, timerActive: false })).toBe(
      false,
    );
    expect(showBoostButton({ boostAvailable: true, boostActive: true, timerActive: false })).toBe(
      false,
    );
    expect(showBoostButton({ boostAvailable: true, boostActive: false, timerActive: true })).toBe(
      false,
    );
  });
  test('time units', () => {
    expect(boostTimeToDisplayMinutes('boost', 2)).toBe(120);
    expect(boostTimeToDisplayMinutes('runback', 45)).toBe(45);
    expect(boostTimeFromDisplayMinutes('boost', 90)).toBe(1.5);
    expect(boostTimeFromDisplayMinutes('runback', 30)).toBe(30);
  });
});

describe('mode transitions', () => {
  test('auto becomes modified_auto with a toast when the target leaves the auto temperature', () => {
    expect(modeAfterTemperatureChange('auto', 22, 21)).toEqual({
      mode: 'modified_auto',
      toast: true,
    });
    expect(modeAfterTemperatureChange('auto', 21, 21)).toEqual({ mode: 'auto', toast: false });
    expect(modeAfterTemperatureChange('manual', 25, 21)).toEqual({ mode: 'manual', toast: false });
    expect(modeAfterTemperatureChange('modified_auto', 23, 21)).toEqual({
      mode: 'modified_auto',
      toast: false,
    });
    expect(modeAfterTemperatureChange('modified_auto', 21, 21)).toEqual({
      mode: 'auto',
      toast: false,
    });
  });
  test('programme update and restore turn modified_auto into auto only', () => {
    expect(modeAfterProgramUpdate('modified_auto')).toBe('auto');
    expect(modeAfterProgramUpdate('manual')).toBe('manual');
    expect(restoreAuto('modified_auto')).toBe('auto');
    expect(restoreAuto('off')).toBe('off');
  });
  test('off records the last on-mode', () => {
    expect(lastOnModeAfter('manual', 'off', undefined)).toBe('manual');
    expect(lastOnModeAfter('modified_auto', 'off', 'manual')).toBe('auto');
    expect(lastOnModeAfter('boost', 'off', 'auto')).toBe('auto');
    expect(lastOnModeAfter('auto', 'manual', 'setback')).toBe('setback');
    expect(lastOnModeAfter('off', 'off', 'auto')).toBe('auto');
  });
  test('mode icon', () => {
    expect(modeIcon({ mode: 'off', runback: true })).toBe('off');
    expect(modeIcon({ mode: 'auto', runback: true, boost: false })).toBe('setback_active');
    expect(modeIcon({ mode: 'boost', runback: true, boost: true })).toBe('boost');
    expect(modeIcon({ mode: 'easy' })).toBe('manual');
    expect(modeIcon({ mode: 'auto' })).toBe('auto');
  });
});
