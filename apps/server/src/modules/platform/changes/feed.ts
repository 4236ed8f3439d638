import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, DbOrTx } from '../../../db/client.ts';

/** The one PostgreSQL channel of change notices; the topic travels in the payload. */
export const CHANGE_CHANNEL = 'hcp_changes';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

/** What a listener hears: the ids that changed, or null when anything may have changed (reload everything). */
export type ChangeListener = (ids: number[] | null) => void;

const TOPIC = /^[a-z][a-z0-9-]{0,39}$/;

/** Ids as ascending runs: `3,7-12,40` (a feed batch inserts consecutive ids, so large batches stay small). */
export function encodeIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(',');
}

/** The notice's text: `<node> <topic> <ids>`, or `<node> <topic> *` when the ids do not fit (or were not given). */
export function encodeNotice(node: string, topic: string, ids: readonly number[] | null): string {
  if (ids) {
    const text = `${node} ${topic} ${encodeIds(ids)}`;
    if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  }
  return `${node} ${topic} *`;
}

/**
 * A notice read back. Anything unreadable counts as "everything changed" (for its topic when that can be read,
 * for every topic otherwise): a node never drops a notice it cannot read.
 */
export function decodeNotice(payload: string): { node: string; topic: string | null; ids: number[] | null } {
  const [node = '', topic = '', list = ''] = payload.split(' ');
  if (!TOPIC.test(topic)) return { node, topic: null, ids: null };
  if (list === '*' || list === '') return { node, topic, ids: null };
  const ids: number[] = [];
  for (const part of list.split(',')) {
    const m = /^(\d{1,15})(?:-(\d{1,15}))?$/.exec(part);
    if (!m) return { node, topic, ids: null };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    // A run longer than a notice could honestly carry is not believed.
    if (to < from || to - from > 1_000_000) return { node, topic, ids: null };
    for (let id = from; id <= to; id++) ids.push(id);
  }
  return { node, topic, ids };
}

export interface ChangeFeedOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** First wait before listening again after a lost connection; doubles up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is asked a question, so a silently dead one is noticed. */
  heartbeatMs?: number;
}

/**
 * Tells every server process on one PostgreSQL database what changed, so each drops what it keeps in memory
 * (the job search index and answer caches) within moments of a commit anywhere: this process, another server, the
 * operator's CLI. A writer calls `publish(tx, topic, ids)` in its transaction; PostgreSQL delivers the NOTIFY to
 * every listening process when (and only if) that transaction commits. Each server process listens on a connection
 * of its own (`listen()`); after a lost connection it listens again with a growing wait and then tells its
 * listeners that everything changed, since notices sent meanwhile are lost. The writer's own process skips its own
 * notices: it applied the change itself right after the commit (its in-process event).
 *
 * The embedded database belongs to one process, so there `publish` does nothing and in-process events are enough.
 */
export class ChangeFeed {
  /** This process among the notices' senders. */
  readonly node = randomBytes(6).toString('base64url');
  private readonly listeners = new Map<string, Set<ChangeListener>>();
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly heartbeatMs: number;
  private stopped = false;
  private running: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private wake: (() => void) | null = null;
  private drop: ((err: unknown) => void) | null = null;
  /** Lost connections so far (tests and logs). */
  reconnects = 0;

  constructor(private readonly opts: ChangeFeedOptions) {
    this.firstRetryMs = opts.firstRetryMs ?? 500;
    this.maxRetryMs = opts.maxRetryMs ?? 30_000;
    this.heartbeatMs = opts.heartbeatMs ?? 10_000;
  }

  /**
   * Announces a change in the writer's transaction: the other processes hear of it when it commits, nothing if it
   * rolls back. `ids` null (or ids too many for one notice) tells them everything of the topic may have changed.
   */
  async publish(tx: DbOrTx, topic: string, ids: readonly number[] | null): Promise<void> {
    if (!TOPIC.test(topic)) throw new Error(`Not a change topic: ${topic}`);
    if (this.opts.database.kind !== 'postgres') return;
    await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${encodeNotice(this.node, topic, ids)})`);
  }

  /** Calls `listener` for every change of `topic` another process commits; answers the unsubscribe. */
  subscribe(topic: string, listener: ChangeListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Whether a listening connection is in place now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Starts listening (PostgreSQL only). Resolves once the first LISTEN is in place, or once the first attempt
   * failed (the feed keeps trying in the background and then reloads everything).
   */
  listen(): Promise<void> {
    if (this.opts.database.kind !== 'postgres' || !this.opts.database.newClient || this.running)
      return Promise.resolve();
    return new Promise((firstAttempt) => {
      this.running = this.run(firstAttempt);
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    const client = this.client;
    // A server that does not answer gets a second to say goodbye; then the connection is simply dropped.
    if (client) await Promise.race([client.end().catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
    this.drop?.(new Error('closing'));
    await this.running;
  }

  private deliver(topic: string | null, ids: number[] | null): void {
    const sets = topic === null ? [...this.listeners.values()] : [this.listeners.get(topic) ?? new Set()];
    for (const set of sets)
      for (const listener of set) {
        try {
          listener(ids ? [...ids] : null);
        } catch (err) {
          this.opts.log.error({ err, topic }, 'change feed: a listener failed');
        }
      }
  }

  private receive(payload: string): void {
    const notice = decodeNotice(payload);
    if (notice.node === this.node) return;
    this.deliver(notice.topic, notice.ids);
  }

  private async run(firstAttempt: () => void): Promise<void> {
    const { log, database } = this.opts;
    let delay = this.firstRetryMs;
    let missed = false;
    while (!this.stopped) {
      const client = database.newClient!();
      let lost: (err: unknown) => void = () => {};
      const gone = new Promise<unknown>((r) => (lost = r));
      this.drop = lost;
      // Kept on for good: a connection given up on may still report errors, and an unheard one would end the process.
      client.on('error', (err) => lost(err));
      client.on('end', () => lost(new Error('connection ended')));
      client.on('notification', (m) => {
        if (m.channel === CHANGE_CHANNEL) this.receive(m.payload ?? '');
      });
      let heartbeat: NodeJS.Timeout | undefined;
      try {
        await client.connect();
        await client.query(`listen ${CHANGE_CHANNEL}`);
        if (this.stopped) break;
        this.client = client;
        if (missed) {
          log.info('change feed: listening again; everything kept in memory is reloaded');
          this.deliver(null, null);
        }
        delay = this.firstRetryMs;
        firstAttempt();
        heartbeat = setInterval(() => {
          void Promise.race([
            client.query('select 1'),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error('no answer to the heartbeat')), this.heartbeatMs).unref(),
            ),
          ]).catch(lost);
        }, this.heartbeatMs);
        heartbeat.unref();
        const err = await gone;
        if (!this.stopped) {
          this.reconnects += 1;
          log.warn({ err }, 'change feed: connection lost; listening again');
        }
      } catch (err) {
        if (!this.stopped) log.warn({ err }, 'change feed: could not listen; trying again');
      } finally {
        clearInterval(heartbeat);
        if (this.client === client) this.client = null;
        void client.end().catch(() => {});
      }
      missed = true;
      firstAttempt();
      if (this.stopped) break;
      await new Promise<void>((r) => {
        const t = setTimeout(r, delay);
        t.unref();
        this.wake = () => {
          clearTimeout(t);
          r();
        };
      });
      this.wake = null;
      delay = Math.min(this.maxRetryMs, delay * 2);
    }
    firstAttempt();
  }
}
