// Tests that need a PostgreSQL server of their own (several processes on one database, an outage)
// start one from the machine's binaries; install Debian's package when they are missing.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const v = readdirSync(root)
    .filter((d) => existsSync(path.join(root, d, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return v ? path.join(root, v, 'bin') : null;
}

export function ensurePostgres() {
  if (postgresBin()) return;
  const isRoot = process.getuid?.() === 0;
  const run = (args) => {
    const cmd = isRoot ? args : ['sudo', '-n', ...args];
    return spawnSync(cmd[0], cmd.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  console.log("> installing PostgreSQL from Debian's packages for the tests that need a server");
  if (run(['apt-get', 'update', '-qq']).status !== 0)
    throw new Error('apt-get update failed; install postgresql by hand');
  if (run(['apt-get', 'install', '-y', '-qq', 'postgresql']).status !== 0 || !postgresBin()) {
    throw new Error('Installing postgresql failed');
  }
}

if (process.argv[1] && process.argv[1].endsWith('ensure-postgres.mjs')) ensurePostgres();
