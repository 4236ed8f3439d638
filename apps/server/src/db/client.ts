import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { preparePGliteStatements } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The executor inside `db.transaction(async (tx) => ...)`; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True once the database answered the last health probe. */
  ping(): Promise<boolean>;
  /** Migrations applied in the database and shipped with the code; null when the database does not answer. */
  migrations(): Promise<{ applied: number; expected: number; latest: string | null } | null>;
  /**
   * Runs `fn` while no other process on this database runs work of the same name (a PostgreSQL advisory lock held
   * on a connection of its own, so a process that dies lets go of it). `wait: false` skips the work when another
   * process holds the lock (answers false); `wait: true` waits for it. The embedded database belongs to one
   * process: `fn` simply runs.
   */
  exclusive(name: string, fn: () => Promise<unknown>, opts: { wait: boolean }): Promise<boolean>;
  /** PostgreSQL only: a new connection outside the pool, without query timeouts (LISTEN, migrations). */
  newClient?: () => pg.Client;
  close(): Promise<void>;
}

/** The shipped migrations (apps/server/drizzle/meta/_journal.json), oldest first. */
export function shippedMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/**
 * Counts the shipped migrations the database has applied (Drizzle records each by its journal time
 * in drizzle.__drizzle_migrations). Readiness needs every one of them.
 */
async function migrationState(db: Db): Promise<{ applied: number; expected: number; latest: string | null } | null> {
  const shipped = shippedMigrations();
  try {
    const res = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    const done = new Set(res.rows.map((r) => Number(r.created_at)));
    const applied = shipped.filter((m) => done.has(m.when));
    return { applied: applied.length, expected: shipped.length, latest: applied.at(-1)?.tag ?? null };
  } catch {
    return null;
  }
}

/** Where the migrations live, both from source (vitest, tsx) and from the bundled dist/server.js. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From source: src/db -> ../../drizzle; from the bundle: dist -> ../drizzle.
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error('The migrations folder (apps/server/drizzle) is missing');
  return found;
}

const MIGRATION_LOCK = 727_274_001;
/** The first key of the advisory locks `exclusive` takes (the second is the hash of the work's name). */
const EXCLUSIVE_LOCK_SPACE = 727_274_002;
/** How often a process waiting for `exclusive` work of another asks again. */
const LOCK_POLL_MS = 200;

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; undefined = in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: how long a query may wait for its answer (client side, and the server's
   * statement_timeout), so a frozen server or network gives a 503 instead of a hang. Undefined: no limit
   * (the operator CLI's long imports).
   */
  queryTimeoutMs?: number;
}

/** Connecting gives up after this long (a server that does not answer, a network that drops packets). */
export const CONNECT_TIMEOUT_MS = 3_000;

/**
 * The embedded PostgreSQL's memory lives in the server's own WebAssembly memory, which never shrinks: whatever a
 * buffer pool or a sort once touched stays in the process's RSS. PostgreSQL's defaults are for a server with memory
 * of its own (128 MB of shared buffers, 64 MB for index builds); an embedded database for one installation needs
 * far less (docs/decisions/0344).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB', '-c', 'wal_buffers=1MB'];

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const connectionString = opts.databaseUrl;
    const pool = new pg.Pool({
      connectionString,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      ...(opts.queryTimeoutMs ? { query_timeout: opts.queryTimeoutMs, statement_timeout: opts.queryTimeoutMs } : {}),
      keepAlive: true,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const newClient = () =>
      new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // Migrations run on a connection of their own: no query timeout (they may take long on a big database), and
    // nothing of theirs goes back to the pool.
    const migrator = newClient();
    migrator.on('error', () => {});
    await migrator.connect();
    try {
      // Several processes may start at once on one server: one migrates, the others wait here and then find
      // every migration applied. The lock goes with the connection if this process dies meanwhile.
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await migrator.end().catch(() => {});
    }
    return {
      db,
      kind: 'postgres',
      async ping() {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
      migrations: () => migrationState(db),
      async exclusive(name, fn, { wait }) {
        const client = await pool.connect();
        // A connection whose lock query failed is closed rather than pooled: closing lets go of any lock it holds.
        let healthy = true;
        const lockQuery = async (fnName: 'pg_try_advisory_lock' | 'pg_advisory_unlock') => {
          try {
            const res = await client.query<{ ok: boolean }>(`select ${fnName}($1, hashtext($2)) as ok`, [
              EXCLUSIVE_LOCK_SPACE,
              name,
            ]);
            return res.rows[0]!.ok;
          } catch (e) {
            healthy = false;
            throw e;
          }
        };
        try {
          // Asked again and again rather than waited for in one statement: no query timeout cuts the wait short.
          let locked = await lockQuery('pg_try_advisory_lock');
          while (!locked && wait) {
            await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
            locked = await lockQuery('pg_try_advisory_lock');
          }
          if (!locked) return false;
          try {
            await fn();
          } finally {
            await lockQuery('pg_advisory_unlock').catch(() => {});
          }
          return true;
        } finally {
          client.release(healthy ? undefined : true);
        }
      },
      newClient,
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = new PGlite({
    dataDir: opts.pgliteDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  preparePGliteStatements(client);
  return {
    db,
    kind: 'pglite',
    async ping() {
      return !client.closed;
    },
    migrations: () => migrationState(db),
    async exclusive(_name, fn) {
      await fn();
      return true;
    },
    close: () => client.close(),
  };
}
