import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import type { App } from '../../types.ts';
import type { ChangeFeed } from './changes/feed.ts';
import type { Mailer } from './mail/service.ts';

/**
 * What the platform's services use. The app's context (context.ts) extends it, so the platform stands on its own:
 * it never imports the app's context, and every module above it can pass its PlatformContext wherever this is asked.
 */
export interface PlatformContext {
  env: Env;
  database: Database;
  db: Db;
  secrets: Secrets;
  storage: Storage;
  mailer: Mailer;
  /** What other server processes on the same PostgreSQL database changed (and how to tell them). */
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  /** Wall clock, injectable so tests can move time. */
  now: () => Date;
  /** Fire-and-forget work that must finish before shutdown (mail delivery, after-response work). */
  background(task: () => Promise<unknown>): void;
}

/** Routes of the platform (health, dev tools): registered like every module's, with the platform's context. */
export type PlatformRoutes = (app: App, deps: { ctx: PlatformContext }) => void | Promise<void>;
