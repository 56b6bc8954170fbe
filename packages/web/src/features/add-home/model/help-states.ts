import type { DeviceType } from '../../../lib/home-data';

export const HELP_STATES = ['notConfigured', 'notConnected', 'noIp', 'noServer', 'ok'] as const;
export type HelpState = (typeof HELP_STATES)[number];

/**
 * Spec 2 §2 "Connection-error help screen": state 1 (not configured) only for wifi types;
 * state 2 is "not connected" for wifi types and "no IP" for ethernet; then no server and ok.
 */
export function helpStatesFor(type: DeviceType): HelpState[] {
  return type === 'ethernet'
    ? ['noIp', 'noServer', 'ok']
    : ['notConfigured', 'notConnected', 'noServer', 'ok'];
}

/** Not configured and not connected lead to the numbered device-disconnected guide. */
export function showsDisconnectedGuide(state: HelpState): boolean {
  return state === 'notConfigured' || state === 'notConnected';
}

/** How many help lines each header state has (spec: one or two). */
export const HELP_LINES: Record<Exclude<HelpState, 'notConfigured' | 'notConnected'>, number> = {
  noIp: 2,
  noServer: 2,
  ok: 1,
};

/** Illustration of a state per device type: the gateway with its LED as it looks then. */
export function illustrationOf(type: DeviceType, state: HelpState): { led: string; shape: string } {
  const shape = type === 'wifiHtr' ? 'heater' : type === 'wifi' ? 'wifi-box' : 'ethernet-box';
  const led: Record<HelpState, string> = {
    notConfigured: '#f5a623',
    notConnected: '#d0021b',
    noIp: '#d0021b',
    noServer: '#f8e71c',
    ok: '#7ed321',
  };
  return { led: led[state], shape };
}
