type Settings = Record<string, unknown>;

const isObject = (v: unknown): v is Settings =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A setup or status change merged into what is stored, at every depth: a write or report of
 * `{extra_options: {boost_time: 30}}` changes boost_time and keeps the other extra_options.
 * Anything but two objects (a value, a list) takes the new value. The server's store merges
 * reports the same way (its jsonb_merge_deep).
 */
export function mergeSettings(stored: Settings, change: Settings): Settings {
  const merged: Settings = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    // `__proto__` from parsed JSON would set the merged object's prototype, not a key.
    if (value === undefined || key === '__proto__') continue;
    const before = merged[key];
    merged[key] = isObject(before) && isObject(value) ? mergeSettings(before, value) : value;
  }
  return merged;
}
