import type { NodeMode } from '../modes';

/** What a node can do, read from its setup and the brand capabilities (spec 3 §3). */
export interface ModeCapabilities {
  /** Timer node: sensor_mode 3 or off-as-supermode. */
  timer?: boolean;
  boostAvailable?: boolean;
  /** Runback replaces boost on nodes that offer it (spec 3 §4). */
  offersRunback?: boolean;
  setbackEnabled?: boolean;
  easyEnabled?: boolean;
}

/**
 * Modes a node offers. The spec lists the modes but not which node has which; we offer
 * auto, manual and off to every heater and add the optional ones its setup enables.
 */
export function offeredModes(caps: ModeCapabilities): NodeMode[] {
  const modes: NodeMode[] = ['auto', 'manual', 'off'];
  if (caps.timer) return [...modes, 'on'];
  if (caps.offersRunback) modes.push('runback');
  else if (caps.boostAvailable) modes.push('boost');
  if (caps.setbackEnabled) modes.push('setback');
  if (caps.easyEnabled) modes.push('easy');
  return modes;
}

/** Spec 3 §2: the switcher never shows these. */
export const SWITCHER_HIDDEN_MODES: readonly NodeMode[] = ['modified_auto', 'boost', 'easy', 'on'];

export function switcherModes(available: readonly NodeMode[]): NodeMode[] {
  return available.filter((m) => !SWITCHER_HIDDEN_MODES.includes(m));
}

/** Spec 3 §2: auto and manual both appear active while modified_auto holds. */
export function isActiveInSwitcher(current: NodeMode | undefined, candidate: NodeMode): boolean {
  if (current === 'modified_auto') return candidate === 'auto' || candidate === 'manual';
  return current === candidate;
}

export type ModeClickAction = 'none' | 'openBoostDialog' | 'setMode';

/** Spec 3 §2: the active mode does nothing; boost or runback opens the dialog. */
export function modeClickAction(current: NodeMode | undefined, clicked: NodeMode): ModeClickAction {
  if (isActiveInSwitcher(current, clicked)) return 'none';
  if (clicked === 'boost' || clicked === 'runback') return 'openBoostDialog';
  return 'setMode';
}

/** Spec 3 §4: boost-like means mode boost, or runback when the node offers runback. */
export function isBoostLike(
  status: { mode?: NodeMode | undefined },
  offersRunback: boolean,
): boolean {
  return status.mode === 'boost' || (offersRunback && status.mode === 'runback');
}

/** Spec 3 §4: the button shows only when boost is available and neither a boost nor a timer runs. */
export function showBoostButton(input: {
  boostAvailable: boolean;
  boostActive: boolean;
  timerActive: boolean;
}): boolean {
  return input.boostAvailable && !input.boostActive && !input.timerActive;
}

export type BoostKind = 'boost' | 'runback';

/** Spec 3 §4: runback time is in minutes, boost time in hours (×60 for display in minutes). */
export function boostTimeToDisplayMinutes(kind: BoostKind, time: number): number {
  return kind === 'boost' ? time * 60 : time;
}

export function boostTimeFromDisplayMinutes(kind: BoostKind, minutes: number): number {
  return kind === 'boost' ? minutes / 60 : minutes;
}

export interface TemperatureChangeOutcome {
  mode: NodeMode;
  /** Show the modified-auto advice toast for MODIFIED_AUTO_TOAST_MS. */
  toast: boolean;
}

/**
 * Spec 3 §4: in auto, a target away from the auto temperature moves the node to modified_auto.
 * Bringing a modified_auto target back to the programme's temperature restores auto: the
 * override then means nothing (our choice; the spec only names the restore action).
 */
export function modeAfterTemperatureChange(
  mode: NodeMode,
  newTemp: number,
  autoTemp: number,
): TemperatureChangeOutcome {
  if (mode === 'auto' && newTemp !== autoTemp) return { mode: 'modified_auto', toast: true };
  if (mode === 'modified_auto' && newTemp === autoTemp) return { mode: 'auto', toast: false };
  return { mode, toast: false };
}

/** Spec 3 §4: a programme update turns modified_auto back into auto. */
export function modeAfterProgramUpdate(mode: NodeMode): NodeMode {
  return mode === 'modified_auto' ? 'auto' : mode;
}

/** Spec 3 §4: the restore-auto action. */
export function restoreAuto(mode: NodeMode): NodeMode {
  return mode === 'modified_auto' ? 'auto' : mode;
}

/**
 * Spec 3 §4: setting a node to off records the mode it had. Transient modes (boost, runback,
 * modified_auto) are recorded as the mode they sit on, so "on" again restores a steady mode.
 */
export function lastOnModeAfter(
  previous: NodeMode | undefined,
  next: NodeMode,
  lastOnMode: NodeMode | undefined,
): NodeMode | undefined {
  if (next !== 'off' || previous === undefined || previous === 'off') return lastOnMode;
  if (previous === 'modified_auto') return 'auto';
  if (previous === 'boost' || previous === 'runback') return lastOnMode ?? 'manual';
  return previous;
}

export type ModeIcon = NodeMode | 'setback_active';

/**
 * Spec 3 §2 mode icon: off; setback icon when runback is on without boost; hourglass (boost)
 * for boost; manual for easy; otherwise the mode.
 */
export function modeIcon(status: {
  mode?: NodeMode | undefined;
  runback?: unknown;
  boost?: boolean | undefined;
}): ModeIcon | undefined {
  if (status.mode === 'off') return 'off';
  if (status.runback === true && status.boost !== true) return 'setback_active';
  if (status.mode === 'boost' || status.boost === true) return 'boost';
  if (status.mode === 'easy') return 'manual';
  return status.mode;
}
