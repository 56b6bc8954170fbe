import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

const SOURCE = 'src/features/pwa/service-worker.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes /sw.js next to the build: the service worker of src/features/pwa with the list of
 * shell files it caches (every emitted file but source maps, and the public folder) and a
 * version that changes with them, so a new build replaces the old cache.
 */
export function serviceWorkerPlugin(root: string): Plugin {
  return {
    name: 'hearth-service-worker',
    apply: 'build',
    // After Vite's own HTML plugin, so index.html is in the bundle to be listed.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const emitted = Object.values(bundle).filter((f) => !f.fileName.endsWith('.map'));
      const publicDir = join(root, 'public');
      const publicFiles = filesUnder(publicDir).map((f) => relative(publicDir, f));
      const files = [...emitted.map((f) => f.fileName), ...publicFiles]
        .map((f) => `/${f.split('\\').join('/')}`)
        .sort();
      const hash = createHash('sha256');
      for (const f of emitted)
        hash.update(f.fileName).update(f.type === 'chunk' ? f.code : f.source);
      for (const f of publicFiles) hash.update(f).update(readFileSync(join(publicDir, f)));
      const version = hash.digest('hex').slice(0, 16);
      const source = readFileSync(join(root, SOURCE), 'utf8');
      const { code } = await transformWithOxc(source, SOURCE, { lang: 'ts' });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source:
          `const HEARTH_SHELL_VERSION = ${JSON.stringify(version)};\n` +
          `const HEARTH_SHELL_FILES = ${JSON.stringify(files)};\n${code}`,
      });
    },
  };
}
