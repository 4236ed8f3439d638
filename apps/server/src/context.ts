import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from './modules/platform/rate-limit/service.ts';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Secrets } from './lib/secrets.ts';
import type { Storage } from './lib/storage.ts';
import type { FileWorker } from './lib/file-worker/pool.ts';
import type { Tokens } from './lib/tokens.ts';
import type { Mailer } from './modules/platform/mail/service.ts';

/** What every module's services receive: built once in app.ts, replaced with fakes in tests where needed. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  secrets: Secrets;
  tokens: Tokens;
  storage: Storage;
  /** Decodes and renders files in child processes (previews, page images), never on the request thread. */
  files: FileWorker;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Wall clock, injectable so tests can move time. */
  now: () => Date;
  /** Fire-and-forget work that must finish before shutdown (mail delivery, after-response work). */
  background(task: () => Promise<unknown>): void;
  /** Publishes an internal event (job changes invalidate the search cache, etc.). */
  events: EventEmitter;
  rateLimiter: RateLimiter;
}
