// The supervisor `npm start` runs: the server in one child process (a node:cluster worker), started again when it
// dies. One worker on purpose: the embedded database belongs to one process. SIGTERM/SIGINT are passed on to the
// server (it finishes in-flight requests) and the supervisor exits with its code.
import cluster from 'node:cluster';

/** Exit code of a server that refuses its configuration: starting it again would fail the same way. */
const CONFIG_ERROR = 2;

/**
 * Runs `exec` (with `execArgv`, and `env` added to this process's environment) under supervision. A server that dies is started again after `firstDelayMs`,
 * doubling while it keeps dying within a minute of starting, up to `maxDelayMs`.
 */
export function supervise({
  exec,
  execArgv = process.execArgv,
  env = {},
  firstDelayMs = 500,
  maxDelayMs = 30_000,
  log = (m) => console.log(m),
}) {
  // The worker accepts connections itself on the shared socket (no hand-over through this process).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec, execArgv });
  let stopping = null;
  let delay = firstDelayMs;
  let startedAt = 0;
  let worker = null;

  const start = () => {
    startedAt = Date.now();
    worker = cluster.fork(env);
    log(`supervisor: server process ${worker.process.pid} started`);
  };

  cluster.on('exit', (w, code, signal) => {
    worker = null;
    if (stopping) process.exit(code ?? 0);
    if (code === CONFIG_ERROR) {
      log('supervisor: the server refused its configuration; not restarting');
      process.exit(CONFIG_ERROR);
    }
    // A server that ran for a minute starts over at the first delay; one that keeps dying waits longer each time.
    if (Date.now() - startedAt > 60_000) delay = firstDelayMs;
    const wait = delay;
    delay = Math.min(maxDelayMs, delay * 2);
    log(
      `supervisor: server process ${w.process.pid} exited (${signal ?? `code ${code}`}); starting it again in ${wait} ms`,
    );
    setTimeout(start, wait);
  });

  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = signal;
      if (worker) worker.process.kill(signal);
      else process.exit(0);
    });
  }
  start();
}
