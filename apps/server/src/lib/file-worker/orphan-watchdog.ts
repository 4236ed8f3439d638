import { Worker } from 'node:worker_threads';

/**
 * Ends this process once its parent (the server) is gone. A render stuck in a native draw call never gets to
 * notice that its parent died, and nobody else would stop it: the watchdog runs on its own thread, so it keeps
 * checking while the main thread is blocked.
 */
export function startOrphanWatchdog(everyMs = 500): void {
  new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL'); }, workerData.everyMs);`,
    // No inherited flags: a loader hook (tsx in development) would need the main thread, which may be stuck.
    { eval: true, execArgv: [], workerData: { parent: process.ppid, everyMs } },
  ).unref();
}
