/** Spec 1 §3: the node view is stored locally as nodeView (default grid). */
export type NodeView = 'grid' | 'table';
export const NODE_VIEW_KEY = 'nodeView';

export function readNodeView(storage: Storage | undefined = globalThis.localStorage): NodeView {
  return storage?.getItem(NODE_VIEW_KEY) === 'table' ? 'table' : 'grid';
}

export function writeNodeView(
  view: NodeView,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  storage?.setItem(NODE_VIEW_KEY, view);
}
