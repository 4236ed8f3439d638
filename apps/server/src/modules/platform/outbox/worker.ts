import { memoize } from '../../../lib/cache.ts';
import type { PlatformContext } from '../platform-context.ts';
import * as repo from './repository.ts';
import { safeErrorText, type OutboxSender } from './sender.ts';
import { outboxSenders } from './senders.ts';

export interface OutboxOptions {
  /** How long a claimed row is reserved for this worker (longer than a send may take). */
  leaseMs?: number;
  /** Attempts before a row is dead (a dead letter for the operator). */
  maxAttempts?: number;
  batchSize?: number;
  /** First retry delay; each further retry waits twice as long, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** The senders by kind (tests replace one to simulate a crash). */
  senders?: OutboxSender[];
}

export interface PassTotals {
  sent: number;
  retried: number;
  dead: number;
}

/** Retry n waits base x 2^(n-1), at most `max`: by default 10 s, 20 s, 40 s, ... about 17 hours over 12 attempts. */
export function retryDelayMs(attempts: number, base = 10_000, max = 3_600_000): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), max);
}

/**
 * The one delivery worker of a process. A pass claims due rows with a lease (repository claimDue),
 * sends each through its kind's sender, and records the outcome: sent; a retry after a growing delay;
 * or dead after the last attempt or a permanent refusal.
 *
 * Delivery is at least once, never "exactly once": if the process dies after the receiver took a row
 * and before the row is marked sent, the row goes out again once its lease ends. Receivers deduplicate
 * on the stable ids each delivery carries (the mail's Message-ID, the webhook's x-hcp-event-id). The
 * lease and SKIP LOCKED make sure two workers never send the same row at the same time.
 */
export class OutboxWorker {
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly senders: Map<string, OutboxSender>;
  private pass: Promise<PassTotals> | null = null;
  private again = false;

  constructor(
    private readonly ctx: PlatformContext,
    opts: OutboxOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxAttempts = opts.maxAttempts ?? 12;
    this.batchSize = opts.batchSize ?? 50;
    this.retryBaseMs = opts.retryBaseMs ?? 10_000;
    this.retryMaxMs = opts.retryMaxMs ?? 3_600_000;
    this.senders = new Map((opts.senders ?? outboxSenders).map((s) => [s.kind, s]));
  }

  /** Reserves up to `limit` due rows for this worker. */
  claim(limit = this.batchSize): Promise<repo.ClaimedDelivery[]> {
    const now = this.ctx.now();
    return repo.claimDue(this.ctx.db, {
      now,
      leaseEnd: new Date(now.getTime() + this.leaseMs),
      limit,
      kinds: [...this.senders.values()].map((s) => ({ kind: s.kind, ready: s.ready })),
    });
  }

  /** Sends one claimed row and records the outcome. */
  async send(item: repo.ClaimedDelivery): Promise<'sent' | 'retry' | 'dead'> {
    const sender = this.senders.get(item.kind)!;
    let result;
    try {
      result = await sender.send(this.ctx, item);
    } catch (e) {
      result = { ok: false as const, error: e instanceof Error ? `${e.name}: ${e.message}` : 'send failed' };
    }
    const now = this.ctx.now();
    if (result.ok) {
      await repo.markSent(this.ctx.db, item.id, now, result.statusCode ?? null);
      return 'sent';
    }
    const dead = result.permanent === true || item.attempts >= this.maxAttempts;
    const error = safeErrorText(result.error);
    this.ctx.log.warn(
      {
        outboxId: item.id,
        kind: item.kind,
        attempts: item.attempts,
        dead,
        statusCode: result.statusCode ?? null,
        err: error,
      },
      'outbox delivery failed',
    );
    await repo.markFailed(this.ctx.db, item.id, item.attempts, {
      dead,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(item.attempts, this.retryBaseMs, this.retryMaxMs)),
      error,
      statusCode: result.statusCode ?? null,
    });
    return dead ? 'dead' : 'retry';
  }

  /**
   * Claims and sends until nothing is due. A call while a pass runs joins it and makes it look once
   * more at the end (what the caller just committed is then seen), so calls never pile up.
   */
  deliverDue(maxRounds = 100): Promise<PassTotals> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    const run = async (): Promise<PassTotals> => {
      const totals: PassTotals = { sent: 0, retried: 0, dead: 0 };
      try {
        do {
          this.again = false;
          for (let round = 0; round < maxRounds; round++) {
            const claimed = await this.claim();
            if (claimed.length === 0) break;
            // Different order keys in parallel (a claim holds at most one row per order key).
            const results = await Promise.all(claimed.map((c) => this.send(c)));
            for (const r of results) totals[r === 'sent' ? 'sent' : r === 'retry' ? 'retried' : 'dead']++;
            if (results.every((r) => r !== 'sent')) break;
          }
        } while (this.again);
        return totals;
      } finally {
        // In the same step as the last check, so a later call starts a new pass instead of joining this one.
        this.pass = null;
      }
    };
    this.pass = run();
    return this.pass;
  }
}

/** Options for the worker being made (only the first call for a context makes one). */
let makingWith: OutboxOptions | undefined;
const workerOf = memoize((ctx: PlatformContext) => new OutboxWorker(ctx, makingWith));

/**
 * The worker of one app context: the background loop, the nudge after a commit and the command line
 * share it, so passes of one process never overlap. `opts` apply when it is first made (tests).
 */
export function outboxWorker(ctx: PlatformContext, opts?: OutboxOptions): OutboxWorker {
  makingWith = opts;
  try {
    return workerOf(ctx);
  } finally {
    makingWith = undefined;
  }
}
