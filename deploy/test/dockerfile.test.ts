// The image definition (Dockerfile) is built and run by the npm scripts CI runs, and its
// runtime stage holds everything the production server loads and nothing it must not.
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerfile } from './dockerfile';
import { ROOT, repoText } from './repo-files';

const image = dockerfile();
const pkg = JSON.parse(repoText('package.json')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};
const runs = (stage: string) =>
  image.stages.find((s) => s.name === stage)?.steps.filter((s) => s.op === 'RUN') ?? [];
const copies = image.runtime.steps
  .filter((s) => s.op === 'COPY' && !s.args.startsWith('--from'))
  .map((s) => s.args.split(/\s+/).slice(0, -1))
  .flat();

/** The modules a TypeScript file loads at run time (type-only imports are erased). */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s+['"]([^'"]+)['"]/g,
    /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1] ?? '');
  return found;
}

function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  const candidate = [`${base}.ts`, join(base, 'index.ts'), base].find((p) =>
    existsSync(join(ROOT, p)),
  );
  if (!candidate) throw new Error(`${from}: cannot resolve ${specifier}`);
  return candidate;
}

/** Every file and package the server's entry point reaches, following workspace packages. */
function productionGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const workspaceEntries: Record<string, string> = {
    '@hearth/protocol': 'packages/protocol/src/index.ts',
    '@hearth/device-model': 'packages/device-model/src/index.ts',
    '@hearth/comfort': 'packages/comfort/src/index.ts',
    '@hearth/energy': 'packages/energy/src/index.ts',
    '@hearth/cloud-link': 'packages/cloud-link/src/index.ts',
  };
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.ts')) continue;
    for (const spec of runtimeImports(repoText(file))) {
      if (spec.startsWith('.')) queue.push(resolveRelative(file, spec));
      else if (workspaceEntries[spec]) queue.push(workspaceEntries[spec]);
      else if (!spec.startsWith('node:') && !builtinModules.includes(spec))
        packages.add(
          spec.startsWith('@')
            ? spec.split('/').slice(0, 2).join('/')
            : (spec.split('/')[0] ?? spec),
        );
    }
  }
  return { files, packages };
}

describe('the container image definition', () => {
  it('runs the command of npm run start:prod, as PID 1 so that SIGTERM reaches the server', () => {
    expect(image.cmd.join(' ')).toBe(pkg.scripts['start:prod']);
    expect(image.cmd[0]).toBe('node');
  });

  it('builds with the steps CI runs: npm ci, then npm run build', () => {
    const ci = repoText('.ci/run').split('\n');
    const build = runs('build').map((s) => s.args);
    expect(build).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(ci).toContain('npm ci --no-audit --no-fund');
    expect(ci).toContain('npm run build');
    expect(
      image.runtime.steps.find((s) => s.op === 'COPY' && s.args.startsWith('--from=build')),
    ).toMatchObject({ args: '--from=build /app/packages/web/dist packages/web/dist' });
  });

  it("installs only the server workspace's production dependencies, and no npm after that", () => {
    const install = runs('runtime').find((s) => s.args.includes('npm ci'))?.args ?? '';
    expect(install).toMatch(/^npm ci --omit=dev --workspace @hearth\/server /);
    expect(install).toMatch(/rm -rf \/usr\/local\/lib\/node_modules\/npm /);
  });

  it('gives npm ci the manifest of every workspace in both stages', () => {
    for (const stage of image.stages) {
      const sources = stage.steps
        .filter((s) => s.op === 'COPY')
        .flatMap((s) => s.args.split(/\s+/).slice(0, -1));
      for (const ws of pkg.workspaces) expect(sources).toContain(`${ws}/package.json`);
      expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    }
  });

  it('copies only files that exist, and everything the production server loads', () => {
    for (const source of copies) expect(existsSync(join(ROOT, source)), source).toBe(true);
    const graph = productionGraph('packages/server/src/main.ts');
    const outside = [...graph.files].filter(
      (f) => !copies.some((c) => !relative(c, f).startsWith('..')),
    );
    expect(outside).toEqual([]);
    // .dockerignore leaves the tests out of the image: the server must not load one.
    expect([...graph.files].filter((f) => /\.test\.tsx?$/.test(f))).toEqual([]);
    // Files the server reads beside its modules (migrations, bundled logos, its version).
    expect(copies).toEqual(
      expect.arrayContaining([
        'packages/server/drizzle',
        'packages/server/assets',
        'packages/server/package.json',
        'tsconfig.json',
      ]),
    );
    const declared = (path: string) =>
      Object.keys((JSON.parse(repoText(path)) as { dependencies?: object }).dependencies ?? {});
    // npm installs the dependencies of the workspace packages the server depends on too.
    const workspaces = declared('packages/server/package.json')
      .filter((dep) => dep.startsWith('@hearth/'))
      .map((dep) => `packages/${dep.slice('@hearth/'.length)}/package.json`);
    const installed = new Set(
      ['packages/server/package.json', ...workspaces].flatMap((path) => declared(path)),
    );
    expect([...graph.packages].filter((p) => !installed.has(p))).toEqual([]);
    expect(installed.has('tsx')).toBe(true);
  });

  it('runs as a numeric non-root user, in production, with its data in DATA_DIR', () => {
    expect(image.user).toMatch(/^[1-9]\d{3,}:[1-9]\d{3,}$/);
    expect(image.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data', PORT: '8080' });
  });

  it('checks its health with the script it carries, on the liveness route', () => {
    expect(image.healthcheck).toEqual(['node', 'deploy/healthcheck.mjs']);
    expect(copies).toContain('deploy/healthcheck.mjs');
    expect(repoText('deploy/healthcheck.mjs')).toContain('/health_check');
  });

  it('keeps local data, secrets and installed modules out of the build context', () => {
    const ignored = repoText('.dockerignore').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining([
        '**/node_modules',
        '**/data',
        '**/.env',
        '**/secrets.json',
        '**/*.test.ts',
        '.git',
      ]),
    );
  });
});
