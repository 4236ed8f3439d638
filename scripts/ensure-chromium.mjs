// Browser tests drive Debian's Chromium at /usr/bin/chromium; install it when it is missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  console.log('> installing Debian chromium for the browser tests');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(isRoot ? [] : ['apt-get']), 'update', '-qq'], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0)
    throw new Error('apt-get update failed; install chromium by hand (apt-get install chromium)');
  const install = spawnSync(
    sudo[0] ?? 'apt-get',
    [...sudo.slice(1), ...(isRoot ? [] : ['apt-get']), 'install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (install.status !== 0 || !existsSync(CHROMIUM)) throw new Error('Installing chromium failed');
}

if (process.argv[1] && process.argv[1].endsWith('ensure-chromium.mjs')) ensureChromium();
