// The PostgreSQL backup (npm run backup with DATABASE_URL) and its test drive pg_dump and
// pg_restore from Debian's postgresql-client. Installs it when they are missing, as the
// browser tests install Chromium. Their major version must be the server's or newer: the
// backup command says which to install when it is not.
import { execFileSync } from 'node:child_process';
import { installDebianPackage } from './debian-package.mjs';

const bin = process.env.PG_BIN_DIR ? `${process.env.PG_BIN_DIR.replace(/\/+$/, '')}/` : '';

function present() {
  try {
    execFileSync(`${bin}pg_dump`, ['--version'], { stdio: 'ignore' });
    execFileSync(`${bin}pg_restore`, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (present()) process.exit(0);

console.log("pg_dump and pg_restore are missing; installing Debian's postgresql-client…");
if (!installDebianPackage('postgresql-client') || !present()) {
  console.error('Could not install them. Run: apt-get install -y postgresql-client');
  process.exit(1);
}
