import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seedReference } from '../db/seed/index.ts';
import { loadEnv, type Env } from '../env.ts';
import { dataDirHolder, acquireDataDirLock } from '../lib/data-dir-lock.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createApiKey, listApiKeys, parseScopes, revokeApiKey } from '../modules/agency/index.ts';
import { revokeEverySession, revokeSessionsByEmail } from '../modules/identity/index.ts';
import { FeedRefused, importFeed } from '../modules/jobs/index.ts';
import {
  addWebhook,
  EVENT_TYPES,
  listFailedDeliveries,
  listOutbox,
  listWebhooks,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
  outboxCounts,
  outboxWorker,
  replayDeliveries,
  retryDeliveries,
  setWebhookActive,
  type OutboxKind,
  type OutboxStatus,
} from '../modules/platform/index.ts';
import { feedFromCsv } from './csv.ts';
import { InputError, PIPELINE_VALUE_FLAGS, RefusedError, pipelineCommands } from './pipeline-commands.ts';
import { terminalText } from '../lib/safe-text.ts';

/** Thrown for bad input: printed without a stack, exit code 2. */
export class UsageError extends Error {}

export interface Io {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
}

interface Parsed {
  positional: string[];
  flags: Record<string, string | true>;
}

function parseArgs(args: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
      if (v !== undefined) flags[k] = v;
      else if (args[i + 1] !== undefined && !args[i + 1]!.startsWith('--') && VALUE_FLAGS.has(k)) flags[k] = args[++i]!;
      else flags[k] = true;
    } else if (a === '-h') flags.help = true;
    else positional.push(a);
  }
  return { positional, flags };
}
const VALUE_FLAGS = new Set(['name', 'scopes', 'events', 'limit', 'status', 'kind', ...PIPELINE_VALUE_FLAGS]);

interface Command {
  usage: string;
  help: string;
  flags: string[];
  /** Opens the database (and the app context) before running. */
  needsDb: boolean;
  run(p: Parsed, io: Io, ctx: AppContext | null, env: Env): Promise<number>;
}

const flagString = (p: Parsed, name: string): string | null => {
  const v = p.flags[name];
  if (v === undefined) return null;
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v;
};

const commands: Record<string, Command> = {
  'keys:create': {
    usage: 'keys:create --name <name> --scopes <read,write|jobs:read,jobs:write>',
    help: 'Creates an agency API key and prints it once (only its hash is stored).',
    flags: ['name', 'scopes'],
    needsDb: true,
    async run(p, io, ctx) {
      const name = flagString(p, 'name');
      const scopes = flagString(p, 'scopes');
      if (!name || !scopes)
        throw new UsageError('Give --name and --scopes (read, write, jobs:read, jobs:write; comma-separated)');
      let parsed;
      try {
        parsed = parseScopes(scopes);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      const { id, key } = await createApiKey(ctx!.db, name, parsed);
      io.out(`Created API key ${id} (${name}; scopes ${parsed.join(',')}).`);
      io.out(`Key (shown once; store it in the agency system's secret store):`);
      io.out(key);
      return 0;
    },
  },
  'keys:list': {
    usage: 'keys:list',
    help: 'Lists the API keys (never the keys themselves).',
    flags: [],
    needsDb: true,
    async run(_p, io, ctx) {
      const keys = await listApiKeys(ctx!.db);
      if (!keys.length) io.out('No API keys.');
      for (const k of keys)
        io.out(
          `${k.id}  ${k.name}  scopes=${k.scopes.join(',')}  created=${k.createdAt.toISOString()}  ${k.revokedAt ? `REVOKED ${k.revokedAt.toISOString()}` : 'active'}  last-used=${k.lastUsedAt?.toISOString() ?? 'never'}`,
        );
      return 0;
    },
  },
  'keys:revoke': {
    usage: 'keys:revoke <key-id>',
    help: 'Revokes an API key at once (the id is the 12 characters after agk_).',
    flags: [],
    needsDb: true,
    async run(p, io, ctx) {
      const id = p.positional[0];
      if (!id || !/^[a-f0-9]{12}$/.test(id)) throw new UsageError('Give the key id: 12 hex characters (agk_<id>_...)');
      if (!(await revokeApiKey(ctx!.db, id, ctx!.now()))) {
        io.err(`No active key ${id}.`);
        return 1;
      }
      io.out(`Revoked key ${id}.`);
      return 0;
    },
  },
  'sessions:revoke': {
    usage: 'sessions:revoke <email> | --all',
    help: 'Logs a clinician out everywhere at once (every live session of the account ends), or every clinician with --all.',
    flags: ['all'],
    needsDb: true,
    async run(p, io, ctx) {
      const email = p.positional[0];
      if (p.flags.all === true && !email) {
        io.out(`Revoked ${await revokeEverySession(ctx!.db)} sessions of all accounts.`);
        return 0;
      }
      if (!email || p.flags.all !== undefined) throw new UsageError("Give the clinician's email, or --all alone");
      const n = await revokeSessionsByEmail(ctx!.db, email);
      if (n === null) {
        io.err(`No account ${email}.`);
        return 1;
      }
      io.out(`Revoked ${n} sessions of ${email}.`);
      return 0;
    },
  },
  'jobs:import': {
    usage: 'jobs:import <file.json|file.csv> [--sync] [--confirm-archive]',
    help:
      'Imports a jobs feed (JSON {"facilities":[...],"jobs":[...]} or an array of jobs; or CSV with job columns and facility.<field> columns). ' +
      'With --sync, available jobs absent from the file are archived; a sync without jobs, or whose every job row is refused, changes nothing, ' +
      'and one that would archive more than 20% of the open jobs (at least 10) needs --confirm-archive. ' +
      'Prints inserted/updated/unchanged/archived/rejected; exit 3 when rows were rejected, 1 when the sync was refused.',
    flags: ['sync', 'confirm-archive'],
    needsDb: true,
    async run(p, io, ctx) {
      const file = p.positional[0];
      if (!file) throw new UsageError('Give the feed file (.json or .csv)');
      if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
      const text = readFileSync(file, 'utf8');
      let feed: { facilities?: unknown[]; jobs?: unknown[] };
      const ext = path.extname(file).toLowerCase();
      try {
        if (ext === '.csv') feed = feedFromCsv(text);
        else if (ext === '.json') {
          const data = JSON.parse(text) as unknown;
          if (Array.isArray(data)) feed = { jobs: data };
          else if (
            data &&
            typeof data === 'object' &&
            (Array.isArray((data as { jobs?: unknown }).jobs) ||
              Array.isArray((data as { facilities?: unknown }).facilities))
          )
            feed = data as typeof feed;
          else throw new UsageError('The JSON must be {"facilities": [...], "jobs": [...]} or an array of jobs');
        } else throw new UsageError('The feed file must end in .json or .csv');
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`Cannot read ${file}: ${(e as Error).message}`);
      }
      if (p.flags['confirm-archive'] !== undefined && p.flags.sync !== true)
        throw new UsageError('--confirm-archive goes with --sync');
      let s;
      try {
        s = await importFeed(ctx!, feed, {
          sync: p.flags.sync === true,
          confirmLargeArchive: p.flags['confirm-archive'] === true,
        });
      } catch (e) {
        if (!(e instanceof FeedRefused)) throw e;
        for (const r of e.summary?.errors.slice(0, 100) ?? [])
          io.err(`  ${r.section} row ${r.row}${r.externalId ? ` (${r.externalId})` : ''}: ${r.field}: ${r.message}`);
        throw new RefusedError(
          e.message.replace('send it again with "confirmLargeArchive": true', 'run it again with --confirm-archive'),
        );
      }
      io.out(
        `Facilities: ${s.facilities.inserted} inserted, ${s.facilities.updated} updated, ${s.facilities.unchanged} unchanged, ${s.facilities.rejected} rejected`,
      );
      io.out(
        `Jobs: ${s.jobs.inserted} inserted, ${s.jobs.updated} updated, ${s.jobs.unchanged} unchanged, ${s.jobs.archived} archived, ${s.jobs.rejected} rejected`,
      );
      for (const e of s.errors.slice(0, 100))
        io.err(`  ${e.section} row ${e.row}${e.externalId ? ` (${e.externalId})` : ''}: ${e.field}: ${e.message}`);
      if (s.errors.length > 100) io.err(`  ... and ${s.errors.length - 100} more`);
      return s.errors.length ? 3 : 0;
    },
  },
  'webhooks:add': {
    usage: 'webhooks:add <url> [--events <type,type>]',
    help: `Registers a webhook receiver and prints its signing secret once. Event types: ${EVENT_TYPES.join(', ')} (default: all).`,
    flags: ['events'],
    needsDb: true,
    async run(p, io, ctx) {
      const url = p.positional[0];
      if (!url) throw new UsageError('Give the receiver URL');
      const events = flagString(p, 'events');
      let hook;
      try {
        hook = await addWebhook(
          ctx!,
          url,
          events
            ? events
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : null,
        );
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      io.out(`Registered webhook ${hook.id} -> ${url}`);
      io.out('Signing secret (shown once):');
      io.out(hook.secret);
      return 0;
    },
  },
  'webhooks:list': {
    usage: 'webhooks:list',
    help: 'Lists webhook receivers with their delivery counts (pending, sent, dead).',
    flags: [],
    needsDb: true,
    async run(_p, io, ctx) {
      const hooks = await listWebhooks(ctx!);
      if (!hooks.length) io.out('No webhooks.');
      for (const h of hooks)
        io.out(
          `${h.id}  ${h.url}  ${h.active ? 'active' : 'disabled'}  events=${h.eventTypes?.join(',') ?? 'all'}  pending=${h.deliveries.pending ?? 0} sent=${h.deliveries.sent ?? 0} dead=${h.deliveries.dead ?? 0}`,
        );
      return 0;
    },
  },
  'webhooks:disable': {
    usage: 'webhooks:disable <id>',
    help: 'Stops deliveries to a receiver (queued deliveries wait until it is enabled again).',
    flags: [],
    needsDb: true,
    async run(p, io, ctx) {
      const id = Number(p.positional[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('Give the webhook id');
      if (!(await setWebhookActive(ctx!, id, false))) throw new UsageError(`No webhook ${id}`);
      io.out(`Disabled webhook ${id}.`);
      return 0;
    },
  },
  'webhooks:enable': {
    usage: 'webhooks:enable <id>',
    help: 'Resumes deliveries to a receiver.',
    flags: [],
    needsDb: true,
    async run(p, io, ctx) {
      const id = Number(p.positional[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('Give the webhook id');
      if (!(await setWebhookActive(ctx!, id, true))) throw new UsageError(`No webhook ${id}`);
      io.out(`Enabled webhook ${id}.`);
      return 0;
    },
  },
  'outbox:list': {
    usage: 'outbox:list [--status pending|dead|sent] [--kind mail|webhook] [--limit <n>]',
    help:
      'Lists the outbox of mails and webhook calls, newest first: by default what is not sent yet, dead letters (out of attempts or refused for good) and pending rows with their last error. ' +
      'Starts with the counts per kind and status.',
    flags: ['status', 'kind', 'limit'],
    needsDb: true,
    async run(p, io, ctx) {
      const limit = limitFlag(p);
      const status = flagString(p, 'status');
      if (status !== null && !(OUTBOX_STATUSES as readonly string[]).includes(status))
        throw new UsageError(`--status must be one of ${OUTBOX_STATUSES.join(', ')}`);
      const kind = kindFlag(p);
      const counts = await outboxCounts(ctx!);
      for (const k of OUTBOX_KINDS) {
        const of = (s: OutboxStatus) => counts.find((c) => c.kind === k && c.status === s);
        io.out(
          `${k}: pending=${of('pending')?.n ?? 0} (failing ${of('pending')?.failing ?? 0}) dead=${of('dead')?.n ?? 0} sent=${of('sent')?.n ?? 0}`,
        );
      }
      const statuses: OutboxStatus[] = status ? [status as OutboxStatus] : ['dead', 'pending'];
      const rows = await listOutbox(ctx!, { statuses, kind: kind ?? undefined, limit });
      if (!rows.length) io.out(`No ${statuses.join(' or ')} deliveries.`);
      for (const r of rows)
        io.out(
          `${r.id}  ${r.status}  ${r.what}  attempts=${r.attempts}  ${r.status === 'pending' ? `next=${r.nextAttemptAt.toISOString()}  ` : ''}${r.sentAt ? `sent=${r.sentAt.toISOString()}  ` : ''}last=${r.lastStatusCode ?? '-'} ${r.lastError ?? ''}`.trimEnd(),
        );
      return 0;
    },
  },
  'outbox:retry': {
    usage: 'outbox:retry (<id>... | --all [--kind mail|webhook])',
    help:
      'Sends dead letters again with fresh attempts (given ids may also be pending rows waiting for a retry: they become due now); --all takes every dead letter. ' +
      'A sent row is never sent again this way. The running server sends them within seconds (or run outbox:run).',
    flags: ['all', 'kind'],
    needsDb: true,
    async run(p, io, ctx) {
      const kind = kindFlag(p);
      let queued: number[];
      if (p.flags.all === true) {
        if (p.positional.length) throw new UsageError('Give delivery ids or --all, not both');
        queued = await retryDeliveries(ctx!, { all: true, kind: kind ?? undefined });
      } else {
        const ids = p.positional.map(Number);
        if (!ids.length || ids.some((i) => !Number.isInteger(i) || i < 1))
          throw new UsageError('Give delivery ids or --all');
        if (kind) throw new UsageError('--kind goes with --all');
        queued = await retryDeliveries(ctx!, { ids });
        const missing = ids.filter((i) => !queued.includes(i));
        if (missing.length) {
          io.out(`Queued ${queued.length} deliveries again.`);
          io.err(`Not queued (no such delivery, or already sent): ${missing.join(', ')}`);
          return 1;
        }
      }
      io.out(`Queued ${queued.length} deliveries again.`);
      return 0;
    },
  },
  'outbox:run': {
    usage: 'outbox:run',
    help: 'Sends the due mails and webhook calls now, once (the server does this every 2 seconds).',
    flags: [],
    needsDb: true,
    async run(_p, io, ctx) {
      const r = await outboxWorker(ctx!).deliverDue();
      io.out(`Sent ${r.sent}, retrying ${r.retried}, dead ${r.dead}.`);
      return 0;
    },
  },
  'deliveries:failed': {
    usage: 'deliveries:failed [--limit <n>]',
    help: 'Lists webhook deliveries that ran out of attempts (dead letters), newest first (outbox:list --status dead shows mails too).',
    flags: ['limit'],
    needsDb: true,
    async run(p, io, ctx) {
      const rows = await listFailedDeliveries(ctx!, limitFlag(p));
      if (!rows.length) io.out('No failed deliveries.');
      for (const r of rows)
        io.out(
          `${r.id}  event=${r.eventId} ${r.type ?? '(removed)'}  webhook=${r.endpointId}  attempts=${r.attempts}  last=${r.lastStatusCode ?? '-'} ${r.lastError ?? ''}`,
        );
      return 0;
    },
  },
  'deliveries:replay': {
    usage: 'deliveries:replay (<delivery-id>... | --all-failed)',
    help: 'Queues failed (or delivered) webhook deliveries again with fresh attempts; the running server sends them.',
    flags: ['all-failed'],
    needsDb: true,
    async run(p, io, ctx) {
      let n: number;
      if (p.flags['all-failed'] === true) n = await replayDeliveries(ctx!, 'all-failed');
      else {
        const ids = p.positional.map(Number);
        if (!ids.length || ids.some((i) => !Number.isInteger(i) || i < 1))
          throw new UsageError('Give delivery ids or --all-failed');
        n = await replayDeliveries(ctx!, ids);
      }
      io.out(`Queued ${n} deliveries again.`);
      return 0;
    },
  },
  'deliveries:run': {
    usage: 'deliveries:run',
    help: 'Sends the due webhook deliveries and mails now, once (the same as outbox:run).',
    flags: [],
    needsDb: true,
    async run(_p, io, ctx) {
      const r = await outboxWorker(ctx!).deliverDue();
      io.out(`Delivered ${r.sent}, retrying ${r.retried}, failed ${r.dead}.`);
      return 0;
    },
  },
  'db:backup': {
    usage: 'db:backup <file.tar.gz>',
    help: 'Writes the embedded database to a .tar.gz file (the server must be stopped). For PostgreSQL use pg_dump.',
    flags: [],
    needsDb: false,
    async run(p, io, _ctx, env) {
      const file = p.positional[0];
      if (!file || !/\.tar\.gz$|\.tgz$/.test(file)) throw new UsageError('Give the backup file name ending in .tar.gz');
      const pgdata = embeddedDir(env);
      if (!existsSync(pgdata)) throw new UsageError(`No embedded database in ${pgdata}`);
      const release = lockEmbedded(env);
      try {
        const db = new PGlite(pgdata);
        await db.waitReady;
        const blob = await db.dumpDataDir('gzip');
        await db.close();
        writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      } finally {
        release();
      }
      io.out(`Backed up ${pgdata} to ${file}.`);
      return 0;
    },
  },
  'db:restore': {
    usage: 'db:restore <file.tar.gz> --yes',
    help: 'Replaces the embedded database with a backup (the server must be stopped). The current one is kept beside it as pgdata.before-restore-<time>.',
    flags: ['yes'],
    needsDb: false,
    async run(p, io, _ctx, env) {
      const file = p.positional[0];
      if (!file) throw new UsageError('Give the backup file');
      if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
      const bytes = readFileSync(file);
      if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
        throw new UsageError(`${file} is not a .tar.gz backup`);
      if (p.flags.yes !== true) throw new UsageError('Restoring replaces the current database: add --yes to confirm');
      const pgdata = embeddedDir(env);
      // A new or wiped machine has no data dir yet: made private, as the server makes it.
      mkdirSync(path.dirname(pgdata), { recursive: true, mode: 0o700 });
      const release = lockEmbedded(env);
      const previous = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      try {
        if (existsSync(pgdata)) renameSync(pgdata, previous);
        try {
          const db = new PGlite(pgdata, { loadDataDir: new Blob([bytes]) });
          await db.waitReady;
          await db.query('select 1');
          await db.close();
          // Brings an older backup up to the current schema.
          const database = await openDatabase({ pgliteDir: pgdata });
          await database.close();
        } catch (e) {
          rmSync(pgdata, { recursive: true, force: true });
          if (existsSync(previous)) renameSync(previous, pgdata);
          throw new UsageError(
            `The backup could not be restored (${(e as Error).message}); the database was left as it was`,
          );
        }
      } finally {
        release();
      }
      io.out(
        `Restored ${file} into ${pgdata}.${existsSync(previous) ? ` The previous database is kept in ${previous}.` : ''}`,
      );
      return 0;
    },
  },
};

// The pipeline commands (offer, contract, send, onboarding, start, end, pay periods, clinician state).
for (const [name, c] of Object.entries(pipelineCommands))
  commands[name] = { ...c, needsDb: true, run: (p, io, ctx) => c.run(p, (l) => io.out(l), ctx!) };

function limitFlag(p: Parsed): number {
  const limit = Number(flagString(p, 'limit') ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be 1 to 10000');
  return limit;
}

function kindFlag(p: Parsed): OutboxKind | null {
  const kind = flagString(p, 'kind');
  if (kind !== null && !(OUTBOX_KINDS as readonly string[]).includes(kind))
    throw new UsageError(`--kind must be one of ${OUTBOX_KINDS.join(', ')}`);
  return kind as OutboxKind | null;
}

function embeddedDir(env: Env): string {
  if (env.DATABASE_URL)
    throw new UsageError('DATABASE_URL is set: back up and restore PostgreSQL with pg_dump / pg_restore');
  return path.join(path.resolve(env.DATA_DIR), 'pgdata');
}

function lockEmbedded(env: Env): () => void {
  const dataDir = path.resolve(env.DATA_DIR);
  const holder = dataDirHolder(dataDir);
  if (holder)
    throw new UsageError(`The server (process ${holder}) is using the embedded database in ${dataDir}: stop it first`);
  return existsSync(dataDir) ? acquireDataDirLock(dataDir) : () => {};
}

function helpText(): string {
  const lines = ['Usage: npm run ops -- <command> [options]', '', 'Commands:'];
  for (const c of Object.values(commands)) {
    const usage = c.usage.length > 52 ? `${c.usage.split(' [')[0]} [options]` : c.usage;
    lines.push(`  ${usage.padEnd(52)} ${c.help.split('. ')[0]!.replace(/\.$/, '')}.`);
  }
  lines.push(
    '',
    "Run `npm run ops -- <command> --help` for details. The database is the server's: DATA_DIR (embedded) or DATABASE_URL.",
  );
  return lines.join('\n');
}

/** Runs one command; answers the exit code. */
export async function runCli(argv: string[], rawIo: Io): Promise<number> {
  // Everything printed passes one filter: the data shown comes from clinicians, feeds and webhook receivers.
  const io: Io = { ...rawIo, out: (l) => rawIo.out(terminalText(l)), err: (l) => rawIo.err(terminalText(l)) };
  const [given, ...rest] = argv;
  // Short names for the two operations people look for first.
  const name = (given && ({ backup: 'db:backup', restore: 'db:restore' } as Record<string, string>)[given]) || given;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    io.err(`Unknown command '${name}'.\n\n${helpText()}`);
    return 2;
  }
  const p = parseArgs(rest);
  if (p.flags.help === true) {
    io.out(`Usage: npm run ops -- ${command.usage}\n\n${command.help}`);
    return 0;
  }
  const unknown = Object.keys(p.flags).filter((f) => !command.flags.includes(f));
  if (unknown.length) {
    io.err(`Unknown option --${unknown[0]} for ${name}.\nUsage: npm run ops -- ${command.usage}`);
    return 2;
  }
  let env: Env;
  try {
    env = loadEnv(io.env);
  } catch (e) {
    io.err((e as Error).message);
    return 2;
  }
  let database: Database | null = null;
  let release = () => {};
  let drain: () => Promise<void> = async () => {};
  try {
    let ctx: AppContext | null = null;
    if (command.needsDb) {
      const dataDir = path.resolve(env.DATA_DIR);
      if (!env.DATABASE_URL) release = lockEmbedded(env);
      database = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        pgliteDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'pgdata'),
        poolSize: 2,
      });
      const built = await buildApp({
        env: { ...env, DATA_DIR: dataDir },
        database,
        secrets: loadSecrets(dataDir, env),
        webDist: null,
        logger: false,
      });
      ctx = built.ctx;
      drain = built.drain;
      await seedReference(ctx);
    }
    return await command.run(p, io, ctx, env);
  } catch (e) {
    if (e instanceof UsageError || e instanceof InputError) {
      io.err(e.message);
      return 2;
    }
    if (e instanceof RefusedError) {
      io.err(e.message);
      return 1;
    }
    io.err(`Failed: ${(e as Error).message}`);
    return 1;
  } finally {
    // Mail queued by a command is sent (with SMTP) before the database closes.
    await drain().catch(() => {});
    if (database) await database.close().catch(() => {});
    release();
  }
}

const entry = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (import.meta.url === entry) {
  runCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l), env: process.env }).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
