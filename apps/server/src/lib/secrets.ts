import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: Uint8Array;
  dataKey: Buffer;
}

interface Stored {
  jwtSecret?: string;
  dataKey?: string;
}

/** A lock left behind by a process that died while writing is taken over after this long. */
const STALE_LOCK_MS = 5_000;

function readStored(file: string): Stored {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Stored) : {};
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `fn` while this process alone holds `lock` (a directory: making one is atomic). */
function whileLocked<T>(lock: string, fn: () => T): T {
  const deadline = Date.now() + 4 * STALE_LOCK_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (Date.now() > deadline)
        throw new Error(`${lock} stays locked: remove it if no server is starting`, { cause: e });
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      pause(20);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * JWT_SECRET and DATA_ENCRYPTION_KEY come from the environment; when absent they are generated once
 * and kept in DATA_DIR/secrets.json (mode 0600), so restarts keep tokens and encrypted fields valid.
 * Several server processes starting at once on one data dir (`npm start` with WEB_CONCURRENCY) agree on one
 * file: the first to take the lock writes it (whole, by rename), the others read what it wrote.
 */
export function loadSecrets(dataDir: string, env: { JWT_SECRET?: string; DATA_ENCRYPTION_KEY?: string }): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const missing = (s: Stored) => (!env.JWT_SECRET && !s.jwtSecret) || (!env.DATA_ENCRYPTION_KEY && !s.dataKey);
  let stored = readStored(file);
  if (missing(stored)) {
    mkdirSync(dataDir, { recursive: true });
    stored = whileLocked(`${file}.lock`, () => {
      const current = readStored(file);
      if (!missing(current)) return current;
      if (!env.JWT_SECRET && !current.jwtSecret) current.jwtSecret = randomBytes(48).toString('base64url');
      if (!env.DATA_ENCRYPTION_KEY && !current.dataKey) current.dataKey = randomBytes(32).toString('hex');
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(current, null, 2), { mode: 0o600 });
      chmodSync(temp, 0o600);
      renameSync(temp, file);
      return current;
    });
  }
  return {
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET ?? stored.jwtSecret!),
    dataKey: Buffer.from(env.DATA_ENCRYPTION_KEY ?? stored.dataKey!, 'hex'),
  };
}

/** Fresh in-memory secrets for tests. */
export function ephemeralSecrets(): Secrets {
  return { jwtSecret: randomBytes(48), dataKey: randomBytes(32) };
}
