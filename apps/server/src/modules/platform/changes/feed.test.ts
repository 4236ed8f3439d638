import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client.ts';
import { startPostgresServer, type PostgresServer } from '../../../../test/postgres-server.ts';
import { ChangeFeed, decodeNotice, encodeIds, encodeNotice, MAX_PAYLOAD_BYTES } from './feed.ts';

/**
 * The change feed between server processes: what one commits, the others hear (ids, or "everything" when the ids
 * do not fit or a notice may have been lost); what rolls back, nobody hears.
 */

describe('change notices', () => {
  it('carry ids as runs, and fall back to "everything" past the 8000-byte payload', () => {
    expect(encodeIds([5, 1, 2, 3, 9, 10, 3])).toBe('1-3,5,9-10');
    expect(decodeNotice(encodeNotice('n1', 'jobs', [5, 1, 2, 3, 9, 10])).ids).toEqual([1, 2, 3, 5, 9, 10]);
    expect(decodeNotice(encodeNotice('n1', 'jobs', null))).toEqual({ node: 'n1', topic: 'jobs', ids: null });
    // Scattered ids (every other one) do not fit past about a thousand: the notice says "everything".
    const scattered = Array.from({ length: 3000 }, (_, i) => 1_000_000 + 2 * i);
    const text = encodeNotice('n1', 'jobs', scattered);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(decodeNotice(text).ids).toBeNull();
    // 100,000 consecutive ids (a seed or a big import) fit as one run.
    const run = Array.from({ length: 100_000 }, (_, i) => i + 1);
    expect(decodeNotice(encodeNotice('n1', 'jobs', run)).ids).toHaveLength(100_000);
  });

  it('read anything unreadable as "everything", never as nothing', () => {
    expect(decodeNotice('n1 jobs 1,x')).toEqual({ node: 'n1', topic: 'jobs', ids: null });
    expect(decodeNotice('n1 jobs 9-3')).toEqual({ node: 'n1', topic: 'jobs', ids: null });
    expect(decodeNotice('garbage')).toEqual({ node: 'garbage', topic: null, ids: null });
  });
});

describe('the change feed on PostgreSQL', () => {
  let pg: PostgresServer;
  let a: Database;
  let b: Database;
  const silent = pino({ level: 'silent' });
  const feeds: ChangeFeed[] = [];

  beforeAll(async () => {
    pg = await startPostgresServer();
    [a, b] = await Promise.all([openDatabase({ databaseUrl: pg.url }), openDatabase({ databaseUrl: pg.url })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.close()));
    await Promise.all([a?.close(), b?.close()]);
    pg?.destroy();
  });

  /** A feed of its own (a server process) with every notice it hears, in order. */
  async function node(database: Database) {
    const feed = new ChangeFeed({ database, log: silent, firstRetryMs: 20, heartbeatMs: 1000 });
    feeds.push(feed);
    const heard: (number[] | null)[] = [];
    const waiters = new Set<() => void>();
    feed.subscribe('jobs', (ids) => {
      heard.push(ids);
      for (const w of [...waiters]) w();
    });
    await feed.listen();
    /** Waits until what was heard from `from` on holds a notice that `pred` accepts (the test's limit bounds it). */
    const heardFrom = (from: number, pred: (ids: number[] | null) => boolean) =>
      new Promise<number[] | null>((resolve) => {
        const check = () => {
          const found = heard.slice(from).find(pred);
          if (found === undefined) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    /** The next notice heard after now. */
    const next = () => heardFrom(heard.length, () => true);
    const listening = async () => {
      while (!feed.listening) await new Promise((r) => setTimeout(r, 10));
    };
    return { feed, heard, next, heardFrom, listening };
  }

  it('tells every other process what a transaction committed, and nothing of one rolled back', async () => {
    const writer = await node(a);
    const reader = await node(b);
    const third = await node(b);
    // Rolled back: never heard. Committed: heard by the others, not by the writer (it applied its own change).
    await a.db
      .transaction(async (tx) => {
        await writer.feed.publish(tx, 'jobs', [999]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    const heard = [reader.next(), third.next()];
    await a.db.transaction(async (tx) => writer.feed.publish(tx, 'jobs', [4, 5, 6]));
    expect(await Promise.all(heard)).toEqual([
      [4, 5, 6],
      [4, 5, 6],
    ]);
    expect(writer.heard).toEqual([]);
    // The operator's CLI publishes with a feed that never listens: every server hears it.
    const cli = new ChangeFeed({ database: a, log: silent });
    const again = reader.next();
    await a.db.transaction(async (tx) => cli.publish(tx, 'jobs', null));
    expect(await again).toBeNull();
    expect(reader.heard).toEqual([[4, 5, 6], null]);
  });

  it('listens again after its connection is cut, and then reloads everything: notices meanwhile were lost', async () => {
    const reader = await node(b);
    const writer = new ChangeFeed({ database: a, log: silent });
    const from = reader.heard.length;
    const reload = reader.heardFrom(from, (ids) => ids === null);
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen hcp_changes' and pid <> pg_backend_pid()`,
    );
    // Sent while nobody may be listening: perhaps lost, which the "everything" after listening again covers.
    await a.db.transaction(async (tx) => writer.publish(tx, 'jobs', [7]));
    expect(await reload).toBeNull();
    expect(reader.feed.reconnects).toBeGreaterThanOrEqual(1);
    await reader.listening();
    const after = reader.heard.length;
    await a.db.transaction(async (tx) => writer.publish(tx, 'jobs', [8]));
    expect(await reader.heardFrom(after, (ids) => ids?.[0] === 8)).toEqual([8]);
  });

  it('survives the database going away and coming back', async () => {
    const reader = await node(b);
    const reload = reader.heardFrom(reader.heard.length, (ids) => ids === null);
    pg.stop();
    pg.start();
    expect(await reload).toBeNull();
    await reader.listening();
    const writer = new ChangeFeed({ database: a, log: silent });
    const after = reader.heard.length;
    await a.db.transaction(async (tx) => writer.publish(tx, 'jobs', [11]));
    expect(await reader.heardFrom(after, (ids) => ids?.[0] === 11)).toEqual([11]);
  }, 60_000);
});
