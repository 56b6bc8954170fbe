/** Spec 3 §4: delete shows to owners for lost or uninstalled nodes, or in advanced mode. */
export function showDelete(
  owner: boolean,
  node: { lost: boolean; installed: boolean },
  advanced: boolean,
) {
  return owner && (node.lost || !node.installed || advanced);
}

/** Spec 3 §4: replace shows with delete, except on wifi heaters. */
export function showReplace(deleteShown: boolean, wifiHeater: boolean) {
  return deleteShown && !wifiHeater;
}

/** Spec 3 §4: selected on entry only when installed, not lost, not a power monitor, connected. */
export function selectsOnEntry(
  node: { installed: boolean; lost: boolean; type: string },
  connected: boolean,
) {
  return node.installed && !node.lost && node.type !== 'pmo' && connected;
}
