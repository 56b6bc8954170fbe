export type Tree = Record<string, unknown>;

/** The language of a locale file: `…/locales/<lang>.json`. */
export function languageOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

function merge(target: Tree, source: Tree, where: string): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing && typeof existing === 'object' && value && typeof value === 'object') {
      merge(existing as Tree, value as Tree, `${where}.${key}`);
    } else if (existing !== undefined) {
      throw new Error(`translation key ${where}.${key} is defined twice`);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/** One language's strings from the shared file and every feature's file (path → strings). */
export function mergeLanguage(files: Record<string, Tree>, lang: string): Tree {
  const tree: Tree = {};
  for (const [path, strings] of Object.entries(files)) {
    if (languageOf(path) === lang) merge(tree, structuredClone(strings), lang);
  }
  return tree;
}
