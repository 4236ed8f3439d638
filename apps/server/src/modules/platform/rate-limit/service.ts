import type { Db, DbOrTx } from '../../../db/client.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import { tooManyRequests } from '../../../lib/errors.ts';
import * as repo from './repository.ts';

/** The documented limits (docs/security.md). Windows are fixed; counters live in the database. */
export const LIMITS = {
  loginPerIp: { max: 60, windowSeconds: 300 },
  loginFailuresPerAccount: { max: 10, windowSeconds: 900 },
  signUpPerIp: { max: 20, windowSeconds: 3600 },
  signUpPerAddress: { max: 5, windowSeconds: 3600 },
  resetPerIp: { max: 20, windowSeconds: 3600 },
  // Counted per address and requester together: a stranger using up their own share for someone's
  // address leaves the owner's share, asked from elsewhere, untouched.
  resetPerAccountAndIp: { max: 5, windowSeconds: 3600 },
  publicReferencePerIp: { max: 30, windowSeconds: 3600 },
  uploadPerUser: { max: 60, windowSeconds: 3600 },
  referralPerUser: { max: 30, windowSeconds: 3600 },
  // Reference-request mails go to third parties: a day's cap per clinician and per referee mailbox.
  referenceMailsPerClinician: { max: 10, windowSeconds: 86_400 },
  referenceMailsPerAddress: { max: 5, windowSeconds: 86_400 },
} as const;
export type LimitName = keyof typeof LIMITS;

/** One unit taken from a window, so it can be given back to that same window. */
export interface Hit {
  key: string;
  windowStart: Date;
}

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
   * Takes one unit of the limit before the work it guards, atomically (one conditional upsert, so a
   * burst on several processes cannot slip past the count); throws 429 with Retry-After when none is left.
   * Given the caller's transaction, the unit commits or rolls back with the change it limits.
   */
  async consume(name: LimitName, subject: string, tx?: DbOrTx): Promise<Hit> {
    const w = this.window(name);
    const key = this.key(name, subject);
    const count = await repo.takeHit(tx ?? this.db, key, w.start, w.max);
    if (count === null) throw tooManyRequests(w.retryAfter);
    return { key, windowStart: w.start };
  }

  /** Gives back a unit that turned out not to count (a login whose password was right is no failure). */
  async refund(hit: Hit): Promise<void> {
    await repo.returnHit(this.db, hit.key, hit.windowStart);
  }

  async prune(): Promise<void> {
    await repo.deleteOlderThan(this.db, new Date(this.now().getTime() - 24 * 3600 * 1000));
  }
}
