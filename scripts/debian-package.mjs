// Installs a package from Debian's packages (with sudo unless root), for the scripts that
// make sure a tool the tests or benches drive is on the machine. Answers whether it worked.
import { execSync } from 'node:child_process';

export function installDebianPackage(pkg) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo ';
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${pkg}`, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return true;
  } catch {
    return false;
  }
}
