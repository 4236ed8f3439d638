import type { Db, DbOrTx } from '../../db/client.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** The documented limits (docs/security.md). Windows are fixed; counters live in the database. */
export const LIMITS = {
  loginPerIp: { max: 60, windowSeconds: 300 },
  loginFailuresPerAccount: { max: 10, windowSeconds: 900 },
  signUpPerIp: { max: 20, windowSeconds: 3600 },
  resetPerIp: { max: 20, windowSeconds: 3600 },
  resetPerAccount: { max: 5, windowSeconds: 3600 },
  publicReferencePerIp: { max: 30, windowSeconds: 3600 },
  uploadPerUser: { max: 60, windowSeconds: 3600 },
  referralPerUser: { max: 30, windowSeconds: 3600 },
  // Reference-request mails go to third parties: a day's cap per clinician and per referee mailbox.
  referenceMailsPerClinician: { max: 10, windowSeconds: 86_400 },
  referenceMailsPerAddress: { max: 5, windowSeconds: 86_400 },
} as const;
export type LimitName = keyof typeof LIMITS;

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly scale: number,
    private readonly now: () => Date,
  ) {}

  private window(name: LimitName) {
    const l = LIMITS[name];
    const ms = l.windowSeconds * 1000;
    const nowMs = this.now().getTime();
    const start = Math.floor(nowMs / ms) * ms;
    return {
      max: Math.max(1, Math.floor(l.max * this.scale)),
      start: new Date(start),
      retryAfter: (start + ms - nowMs) / 1000,
    };
  }

  /** Subjects (emails, IPs) are hashed so the table holds no personal data. */
  private key(name: LimitName, subject: string) {
    return `${name}:${sha256Hex(subject.toLowerCase()).slice(0, 32)}`;
  }

  /**
   * Counts one attempt; throws 429 with Retry-After once over the limit. Given the caller's transaction, the
   * count commits or rolls back with the change it limits (and holds the counter row until then).
   */
  async consume(name: LimitName, subject: string, tx?: DbOrTx): Promise<void> {
    const w = this.window(name);
    const count = await repo.incrementHit(tx ?? this.db, this.key(name, subject), w.start);
    if (count > w.max) throw tooManyRequests(w.retryAfter);
  }

  /** Throws 429 if the limit is already reached, without counting. */
  async check(name: LimitName, subject: string): Promise<void> {
    const w = this.window(name);
    const count = await repo.currentCount(this.db, this.key(name, subject), w.start);
    if (count >= w.max) throw tooManyRequests(w.retryAfter);
  }

  /** Counts without throwing (failed logins count toward the account limit). */
  async record(name: LimitName, subject: string): Promise<void> {
    const w = this.window(name);
    await repo.incrementHit(this.db, this.key(name, subject), w.start);
  }

  async prune(): Promise<void> {
    await repo.deleteOlderThan(this.db, new Date(this.now().getTime() - 24 * 3600 * 1000));
  }
}
