/**
 * The load generator, run in a worker thread so it never shares an event loop with the server:
 * `connections` keep-alive connections (undici Pool), each sending one request after another for a bounded time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

/** @param {{origin: string, paths: string[], connections: number, warmupMs: number, durationMs: number}} job */
async function run(job) {
  const pool = new Pool(job.origin, { connections: job.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  let next = 0;
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let requests = 0;
  const once = async (record) => {
    const path = job.paths[next++ % job.paths.length];
    const t0 = performance.now();
    try {
      const res = await pool.request({ method: 'GET', path });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) errors += 1;
    } catch {
      errors += 1;
    }
    if (record) {
      latencies.push(performance.now() - t0);
      requests += 1;
    }
  };
  const loop = async (until, record) => {
    while (performance.now() < until) await once(record);
  };
  const warmEnd = performance.now() + job.warmupMs;
  await Promise.all(Array.from({ length: job.connections }, () => loop(warmEnd, false)));
  const start = performance.now();
  const end = start + job.durationMs;
  await Promise.all(Array.from({ length: job.connections }, () => loop(end, true)));
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  return { requests, errors, seconds, latenciesMs: latencies };
}

if (parentPort && workerData) {
  run(workerData).then((r) => parentPort.postMessage(r));
}
