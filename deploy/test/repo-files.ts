// Reading the repository's deployment files from the tests of deploy/.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function repoText(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

/**
 * Every document of a YAML file, read as Kubernetes reads it (YAML 1.1: `0440` is octal,
 * `yes` a boolean); a syntax error throws.
 */
export function yamlDocuments(path: string): unknown[] {
  return parseAllDocuments(repoText(path), { version: '1.1' }).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors[0]?.message}`);
    return doc.toJS() as unknown;
  });
}

/** The variables README.md's Configuration table documents: the ones the server reads. */
export function documentedVariables(): Set<string> {
  const readme = repoText('README.md');
  const table = readme.slice(readme.indexOf('## Configuration'));
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    const first = /^\|\s*([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1] ?? '');
  }
  return names;
}
