// The supervisor `npm start` runs: the server in child processes (node:cluster workers sharing one port), each
// started again when it dies. On PostgreSQL (DATABASE_URL) it runs WEB_CONCURRENCY processes, one per core by
// default; the embedded database belongs to one process, so without DATABASE_URL it runs one. SIGTERM/SIGINT are
// passed on to every server (each finishes its in-flight requests) and the supervisor exits once all have.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** Exit code of a server that refuses its configuration: starting it again would fail the same way. */
export const CONFIG_ERROR = 2;
/** More processes than this is a typo, not a machine. */
export const MAX_WORKERS = 64;

/** A setting the supervisor refuses (exit code 2, like a server refusing its environment). */
export class ConfigError extends Error {}

/**
 * How many server processes to run: WEB_CONCURRENCY, by default the number of cores with DATABASE_URL and 1 with the
 * embedded database. More than one without DATABASE_URL is refused: the processes would not share one database.
 */
export function workerCount(env = process.env, cores = availableParallelism()) {
  const raw = (env.WEB_CONCURRENCY ?? '').trim();
  const shared = Boolean(env.DATABASE_URL);
  if (raw === '') return shared ? Math.min(Math.max(1, cores), MAX_WORKERS) : 1;
  if (!/^[1-9]\d*$/.test(raw) || Number(raw) > MAX_WORKERS)
    throw new ConfigError(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_WORKERS} (it is "${raw}")`);
  const n = Number(raw);
  if (n > 1 && !shared)
    throw new ConfigError(
      `WEB_CONCURRENCY=${n} needs DATABASE_URL: the embedded database belongs to one process. ` +
        'Set DATABASE_URL to a PostgreSQL server to run several, or leave WEB_CONCURRENCY unset (or 1).',
    );
  return n;
}

/**
 * Runs `workers` copies of `exec` (with `execArgv`) under supervision, each with `env` added to its environment and
 * HCP_WORKER set to "i/n". A server that dies is started again after `firstDelayMs`, doubling while it keeps dying
 * within a minute of starting, up to `maxDelayMs`; each process has its own delay. A server refusing its
 * configuration stops them all.
 */
export function supervise({
  exec,
  execArgv = process.execArgv,
  workers = 1,
  env = {},
  firstDelayMs = 500,
  maxDelayMs = 30_000,
  log = (m) => console.log(m),
}) {
  // One worker accepts its connections itself. Several are handed new connections in turn by this process (the
  // connection only; its requests go straight to the worker): left to the kernel, a burst of keep-alive connections
  // piled on one worker (20-25 of 32), whose clients then waited while the other idled (decision 0357).
  cluster.schedulingPolicy = workers > 1 ? cluster.SCHED_RR : cluster.SCHED_NONE;
  cluster.setupPrimary({ exec, execArgv });
  let stopping = null;
  let exitCode = 0;
  const slots = Array.from({ length: workers }, (_, i) => ({
    index: i + 1,
    worker: null,
    startedAt: 0,
    delay: firstDelayMs,
    timer: null,
  }));
  const slotOf = new Map();
  const label = (slot) => (workers > 1 ? ` (${slot.index} of ${workers})` : '');

  const start = (slot) => {
    slot.timer = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ ...env, HCP_WORKER: `${slot.index}/${workers}` });
    slot.worker = worker;
    slotOf.set(worker, slot);
    log(`supervisor: server process ${worker.process.pid} started${label(slot)}`);
  };

  const exitWhenAllGone = () => {
    if (slots.every((s) => !s.worker)) process.exit(exitCode);
  };

  const stopAll = (signal) => {
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      if (slot.worker) slot.worker.process.kill(signal);
    }
    exitWhenAllGone();
  };

  cluster.on('exit', (w, code, signal) => {
    const slot = slotOf.get(w);
    slotOf.delete(w);
    if (!slot) return;
    slot.worker = null;
    if (stopping) {
      if (code && !exitCode) exitCode = code;
      return exitWhenAllGone();
    }
    if (code === CONFIG_ERROR) {
      log('supervisor: the server refused its configuration; not restarting');
      stopping = 'config';
      exitCode = CONFIG_ERROR;
      return stopAll('SIGTERM');
    }
    // A server that ran for a minute starts over at the first delay; one that keeps dying waits longer each time.
    if (Date.now() - slot.startedAt > 60_000) slot.delay = firstDelayMs;
    const wait = slot.delay;
    slot.delay = Math.min(maxDelayMs, slot.delay * 2);
    log(
      `supervisor: server process ${w.process.pid}${label(slot)} exited (${signal ?? `code ${code}`}); starting it again in ${wait} ms`,
    );
    slot.timer = setTimeout(() => start(slot), wait);
  });

  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = signal;
      stopAll(signal);
    });
  }
  if (workers > 1) log(`supervisor: ${workers} server processes on one port (WEB_CONCURRENCY)`);
  for (const slot of slots) start(slot);
}
