/**
 * `npm run native:check -w @hearth/web [-- --no-build]`: builds the app, runs `cap sync` for
 * Android and iOS, and fails when that changes a committed file under android/ or ios/ (a
 * plugin added to package.json without syncing, a stale Podfile or Gradle list) or when the
 * synced shells miss the app or a plugin. Needs neither the Android SDK nor Xcode: `cap sync`
 * skips `pod install` where CocoaPods is absent. With --no-build it syncs the existing dist.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const noBuild = process.argv.includes('--no-build');
const problems: string[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
  return result.stdout;
}

const webDir = noBuild ? join(root, 'dist') : mkdtempSync(join(tmpdir(), 'hearth-native-'));
try {
  if (!noBuild)
    run('npx', ['vite', 'build', '--mode', 'native', '--outDir', webDir, '--emptyOutDir']);
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`no built app in ${webDir}`);
  process.stdout.write(run('npx', ['cap', 'sync'], { CAP_WEB_DIR: webDir }));

  const changed = run('git', ['status', '--porcelain', '--', 'android', 'ios']).trim();
  if (changed)
    problems.push(
      `cap sync changed committed native files; run \`npm run native:sync -w @hearth/web\` and commit:\n${changed}`,
    );

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const plugins = Object.keys(pkg.dependencies).filter(
    (name) => /^@capacitor(-[a-z]+)?\//.test(name) && !/\/(core|android|ios)$/.test(name),
  );
  const androidPlugins = readFileSync(
    join(root, 'android/app/src/main/assets/capacitor.plugins.json'),
    'utf8',
  );
  const podfile = readFileSync(join(root, 'ios/App/Podfile'), 'utf8');
  for (const plugin of plugins) {
    if (!androidPlugins.includes(`"${plugin}"`))
      problems.push(`Android lacks the plugin ${plugin}`);
    if (!podfile.includes(`node_modules/${plugin}'`)) problems.push(`iOS Podfile lacks ${plugin}`);
  }
  for (const shell of ['android/app/src/main/assets/public', 'ios/App/App/public']) {
    if (!existsSync(join(root, shell, 'index.html'))) problems.push(`${shell} has no index.html`);
  }
} finally {
  if (!noBuild) rmSync(webDir, { recursive: true, force: true });
}

if (problems.length > 0) {
  process.stderr.write(`native check failed:\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
process.stdout.write(
  'native check: Android and iOS shells are in sync with the app and its plugins\n',
);
