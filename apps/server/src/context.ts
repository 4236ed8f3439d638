import type { EventEmitter } from 'node:events';
import type { FileWorker } from './lib/file-worker/pool.ts';
import type { Tokens } from './lib/tokens.ts';
import type { PlatformContext, RateLimiter } from './modules/platform/index.ts';
import type { App } from './types.ts';

/**
 * What every module's services receive: built once in app.ts, replaced with fakes in tests where needed. The
 * platform module's part (database, storage, mail, clock, log) is its own type, so the platform needs nothing
 * from the modules built on it.
 */
export interface AppContext extends PlatformContext {
  tokens: Tokens;
  /** Decodes and renders files in child processes (previews, page images), never on the request thread. */
  files: FileWorker;
  /** Publishes an internal event (job changes invalidate the search cache, etc.). */
  events: EventEmitter;
  rateLimiter: RateLimiter;
}

export interface ModuleDeps {
  ctx: AppContext;
}

/** A module's routes, each with `registerEndpoint` under /core/api (app.ts; modules/index.ts lists them). */
export type ModuleRoutes = (app: App, deps: ModuleDeps) => void | Promise<void>;

/** Demo content a module adds after the demo users exist (db/seed runs them; each must be idempotent). */
export interface DemoSeeder {
  name: string;
  run(ctx: AppContext, users: { demoUserId: number; newUserId: number }): Promise<void>;
}

/**
 * Periodic housekeeping a module asks for (jobs.ts runs them; each must be idempotent). With several server
 * processes on one database, a pass runs on one process at a time (the others skip it), unless `everyNode` says
 * the task shares its work out safely itself (the outbox's leased claims).
 */
export interface BackgroundTask {
  name: string;
  everyMs: number;
  everyNode?: boolean;
  run(ctx: AppContext): Promise<unknown>;
}
