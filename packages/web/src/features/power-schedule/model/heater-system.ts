import {
  DEFAULT_SCHEDULE_METHOD,
  SCHEDULE_METHOD_HALF_HOUR,
  SCHEDULE_METHOD_HOUR,
  type NodeType,
} from '@hearth/protocol';

export const SCHEDULE_METHODS = [SCHEDULE_METHOD_HOUR, SCHEDULE_METHOD_HALF_HOUR] as const;
export type ScheduleMethod = (typeof SCHEDULE_METHODS)[number];

interface NodeLike {
  type: NodeType;
  installed: boolean;
  setup?: Record<string, unknown> | undefined;
}

/** A node's schedule method from its setup (prog_resol, or prog_resolution on some gateways). */
export function scheduleMethodOf(node: NodeLike): ScheduleMethod {
  const raw = node.setup?.prog_resol ?? node.setup?.prog_resolution;
  return Number(raw) === SCHEDULE_METHOD_HALF_HOUR
    ? SCHEDULE_METHOD_HALF_HOUR
    : SCHEDULE_METHOD_HOUR;
}

/**
 * Spec 3 §7 "set schedule method (per home; per node for storage heaters)": the home-wide
 * method covers the installed heaters and thermostats; storage heaters keep their own.
 */
export function homeMethodNodes<T extends NodeLike>(nodes: readonly T[]): T[] {
  return nodes.filter((n) => n.installed && (n.type === 'htr' || n.type === 'thm'));
}

export function storageHeaters<T extends NodeLike>(nodes: readonly T[]): T[] {
  return nodes.filter((n) => n.installed && n.type === 'acm');
}

/**
 * The home's method as its heaters report it: theirs when they agree, the spec's default
 * (hour) when there is none, and undefined while they disagree (none is shown chosen).
 */
export function homeScheduleMethod(nodes: readonly NodeLike[]): ScheduleMethod | undefined {
  const methods = new Set(homeMethodNodes(nodes).map(scheduleMethodOf));
  if (methods.size === 0) return DEFAULT_SCHEDULE_METHOD;
  return methods.size === 1 ? [...methods][0] : undefined;
}
