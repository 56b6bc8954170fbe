import { readFileSync } from 'node:fs';
import { z } from 'zod';

const pkg = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));
const [major = '0', minor = '0', subminor = '0'] = pkg.version.split(/[.+-]/);

/** The smartbox wire carries version parts as strings. */
export function serverVersion(commit: string) {
  return { major, minor, subminor, commit };
}
