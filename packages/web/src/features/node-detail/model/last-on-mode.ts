import type { NodeMode } from '@hearth/protocol';

/** Spec 3 §3 Node.lastOnMode, kept on this device per node so "on" again restores it. */
const KEY = 'hearth.lastOnMode';

function read(): Record<string, NodeMode> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, NodeMode>;
  } catch (error) {
    if (error instanceof SyntaxError) return {};
    throw error;
  }
}

export function getLastOnMode(nodeId: string): NodeMode | undefined {
  return read()[nodeId];
}

export function setLastOnMode(nodeId: string, mode: NodeMode | undefined): void {
  const all = read();
  if (mode === undefined) delete all[nodeId];
  else all[nodeId] = mode;
  localStorage.setItem(KEY, JSON.stringify(all));
}
