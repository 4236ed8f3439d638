import { randomBytes } from 'node:crypto';
import { AGENCY_SCOPES, type AgencyScope } from '@hcp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { safeEqual, sha256Hex } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

const KEY_PATTERN = /^agk_([a-f0-9]{12})_([a-f0-9]{64})$/;

export interface AgencyKeyInfo {
  id: string;
  name: string;
  scopes: AgencyScope[];
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export function parseScopes(value: string): AgencyScope[] {
  const scopes = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (scopes.length === 0) throw new Error(`Give at least one scope: ${AGENCY_SCOPES.join(', ')}`);
  for (const s of scopes)
    if (!(AGENCY_SCOPES as readonly string[]).includes(s))
      throw new Error(`Unknown scope '${s}' (use ${AGENCY_SCOPES.join(', ')})`);
  return scopes as AgencyScope[];
}

/** Creates a key; the full key is returned once and never stored. */
export async function createApiKey(
  db: DbOrTx,
  name: string,
  scopes: AgencyScope[],
): Promise<{ id: string; key: string }> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 100) throw new Error('The key name must be 1 to 100 characters');
  if (scopes.length === 0) throw new Error(`Give at least one scope: ${AGENCY_SCOPES.join(', ')}`);
  const id = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('hex');
  await repo.insertKey(db, { id, name: trimmed, secretHash: sha256Hex(secret), scopes });
  return { id, key: `agk_${id}_${secret}` };
}

export async function revokeApiKey(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  return repo.revokeKey(db, id, at);
}

export async function listApiKeys(db: DbOrTx): Promise<AgencyKeyInfo[]> {
  return (await repo.listKeys(db)).map((k) => ({ ...k, scopes: k.scopes as AgencyScope[] }));
}

/** The presented key from `Authorization: Bearer agk_...` or `X-Api-Key`; null when absent or malformed. */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | null {
  const x = headers['x-api-key'];
  if (typeof x === 'string' && x.length <= 200) return x.trim();
  const h = headers.authorization;
  if (typeof h !== 'string' || h.length > 300) return null;
  const m = /^Bearer\s+(agk_\S+)$/i.exec(h);
  return m ? m[1]! : null;
}

/** Resolves a presented key to a live (not revoked) key; null otherwise. Constant-time on the secret. */
export async function authenticateKey(
  db: DbOrTx,
  presented: string | null,
  now: Date,
): Promise<{ id: string; scopes: AgencyScope[] } | null> {
  if (!presented) return null;
  const m = KEY_PATTERN.exec(presented);
  if (!m) return null;
  const row = await repo.findKey(db, m[1]!);
  const hash = sha256Hex(m[2]!);
  if (!row) {
    safeEqual(hash, hash);
    return null;
  }
  if (!safeEqual(hash, row.secretHash) || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 5 * 60_000) await repo.touchKey(db, row.id, now);
  return { id: row.id, scopes: row.scopes as AgencyScope[] };
}
