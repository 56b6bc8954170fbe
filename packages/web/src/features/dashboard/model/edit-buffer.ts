/**
 * Spec 3 §2 table edits: an edit waits `delayMs` (4 s) for more typing in the same field;
 * editing another field or item sends the waiting one at once. Unsent edits go out on flush.
 */
export interface EditBuffer<T> {
  edit: (key: string, value: T) => void;
  flush: () => void;
  /** The value waiting to be sent for `key`, if any. */
  pending: (key: string) => T | undefined;
  dispose: () => void;
}

export function createEditBuffer<T>(
  send: (key: string, value: T) => void,
  delayMs: number,
  onChange: () => void = () => undefined,
): EditBuffer<T> {
  let waiting: { key: string; value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const item = waiting;
    waiting = undefined;
    if (item) {
      send(item.key, item.value);
      onChange();
    }
  };

  return {
    edit(key, value) {
      if (waiting && waiting.key !== key) flush();
      waiting = { key, value };
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
      onChange();
    },
    flush,
    pending: (key) => (waiting?.key === key ? waiting.value : undefined),
    dispose: flush,
  };
}
