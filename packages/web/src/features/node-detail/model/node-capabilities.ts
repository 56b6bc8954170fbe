import {
  NODE_NAME_TRUNCATE_AT,
  isTimerNode,
  offeredModes,
  parseDecimal,
  type ModeCapabilities,
  type NodeMode,
} from '@hearth/protocol';
import type { LiveNode } from '../../../lib/devices';

function extra(node: LiveNode): Record<string, unknown> {
  const value = node.setup?.extra_options;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * What the node offers, read from its setup: runback replaces boost when the setup carries
 * runback limits together with a runback mode flag; setback and easy follow their flags.
 */
export function nodeCapabilities(
  node: LiveNode,
): ModeCapabilities & { scheduleAvailable: boolean } {
  const x = extra(node);
  const runback = node.setup?.runback_mode_enabled === true || x.runback_enabled === true;
  return {
    timer: isTimerNode(node),
    boostAvailable: node.type !== 'pmo',
    offersRunback: runback,
    setbackEnabled: x.setback_enabled === true,
    easyEnabled: node.setup?.easy_mode_enabled === true,
    // Once the node has reported its programme or setup: a part not reported yet is absent,
    // or `{}` in the server's snapshot.
    scheduleAvailable: node.prog?.prog !== undefined || Object.keys(node.setup ?? {}).length > 0,
  };
}

export function availableModes(node: LiveNode): NodeMode[] {
  return offeredModes(nodeCapabilities(node));
}

/** Spec 3 §4 boost dialog defaults: temperature and time (boost in hours, runback in minutes). */
export function boostDefaults(node: LiveNode, kind: 'boost' | 'runback') {
  const x = extra(node);
  const temp =
    kind === 'boost'
      ? parseDecimal(x.boost_temp as string | undefined)
      : parseDecimal(x.default_runback_temp as string | undefined);
  const rawTime = Number(kind === 'boost' ? x.boost_time : x.max_runback_time);
  const minutes = Number.isFinite(rawTime) && rawTime > 0 ? rawTime : 60;
  return {
    temperature: temp ?? parseDecimal(node.status?.comf_temp) ?? 21,
    /** Boost time in hours, runback time in minutes (spec 3 §4). */
    time: kind === 'boost' ? Math.max(1, Math.round(minutes / 60)) : minutes,
    /** The device may lock the boost time; then only the temperature is chosen. */
    timeLocked: x.boost_time_locked === true || x.lock_boost_time === true,
    maxRunbackTime: Number(x.max_runback_time) > 0 ? Number(x.max_runback_time) : 60,
  };
}

/** Spec 3 §2: the header name is cut at 22 characters plus an ellipsis; a dash if empty. */
export function truncateName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return '-';
  return trimmed.length > NODE_NAME_TRUNCATE_AT
    ? `${trimmed.slice(0, NODE_NAME_TRUNCATE_AT)}…`
    : trimmed;
}
