import { describe, expect, test } from 'vitest';
import { isNativeShell } from './is-native-shell';

const win = (globals: Record<string, unknown>) => globals as unknown as Window;

describe('isNativeShell', () => {
  test('a plain browser is not the native shell', () => {
    expect(isNativeShell(win({}))).toBe(false);
  });
  test("Android's bridge and iOS's message handler mean the native shell", () => {
    expect(isNativeShell(win({ androidBridge: {} }))).toBe(true);
    expect(isNativeShell(win({ webkit: { messageHandlers: { bridge: {} } } }))).toBe(true);
    expect(isNativeShell(win({ webkit: { messageHandlers: {} } }))).toBe(false);
  });
  test('a custom platform counts unless it calls itself web', () => {
    expect(isNativeShell(win({ CapacitorCustomPlatform: { name: 'electron' } }))).toBe(true);
    expect(
      isNativeShell(win({ CapacitorCustomPlatform: { name: 'web' }, androidBridge: {} })),
    ).toBe(false);
  });
});
