import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: Uint8Array;
  dataKey: Buffer;
}

/**
 * JWT_SECRET and DATA_ENCRYPTION_KEY come from the environment; when absent they are generated once
 * and kept in DATA_DIR/secrets.json (mode 0600), so restarts keep tokens and encrypted fields valid.
 */
export function loadSecrets(dataDir: string, env: { JWT_SECRET?: string; DATA_ENCRYPTION_KEY?: string }): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: { jwtSecret?: string; dataKey?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  let changed = false;
  if (!env.JWT_SECRET && !stored.jwtSecret) {
    stored.jwtSecret = randomBytes(48).toString('base64url');
    changed = true;
  }
  if (!env.DATA_ENCRYPTION_KEY && !stored.dataKey) {
    stored.dataKey = randomBytes(32).toString('hex');
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
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
