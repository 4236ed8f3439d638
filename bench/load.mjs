/**
 * The load generator, run in a worker thread so it never shares an event loop with the bench's own work:
 * `connections` keep-alive connections (undici Pool), each sending one request after another (closed loop)
 * for a bounded time, or until the parent posts 'stop' when durationMs is 0. With noRepeat the run also ends when
 * the list is used up, so a list of never-asked requests is never sent twice (a repeat would be answered from a cache).
 * Requests carry `accept-encoding: br, gzip` like a browser; bodies are read to the end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

/**
 * @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string }} Req
 * @param {{ origin: string, requests: Req[], connections: number, warmupMs: number, durationMs: number, expect?: number[], noRepeat?: boolean }} job
 */
async function run(job) {
  const pool = new Pool(job.origin, { connections: job.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const ok = new Set(job.expect ?? [200]);
  let next = 0;
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let requests = 0;
  let bytes = 0;
  /** @type {Record<string, number>} */
  const statuses = {};
  let stopped = false;
  parentPort?.on('message', (m) => {
    if (m === 'stop') stopped = true;
  });
  const once = async (record) => {
    if (job.noRepeat && next >= job.requests.length) {
      stopped = true;
      return;
    }
    const r = job.requests[next++ % job.requests.length];
    const t0 = performance.now();
    let status = 'error';
    try {
      const res = await pool.request({
        method: r.method ?? 'GET',
        path: r.path,
        headers: { 'accept-encoding': 'br, gzip', ...r.headers },
        body: r.body,
      });
      const buf = await res.body.arrayBuffer();
      status = String(res.statusCode);
      if (record) bytes += buf.byteLength;
      if (!ok.has(res.statusCode)) errors += 1;
    } catch {
      errors += 1;
    }
    if (record) {
      latencies.push(performance.now() - t0);
      requests += 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const loop = async (until, record) => {
    while (!stopped && performance.now() < until) await once(record);
  };
  const warmEnd = performance.now() + job.warmupMs;
  await Promise.all(Array.from({ length: job.connections }, () => loop(warmEnd, false)));
  const start = performance.now();
  const end = job.durationMs > 0 ? start + job.durationMs : Number.POSITIVE_INFINITY;
  await Promise.all(Array.from({ length: job.connections }, () => loop(end, true)));
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  return { requests, errors, seconds, latenciesMs: latencies, statuses, bytes };
}

if (parentPort && workerData) {
  run(workerData).then((r) => parentPort.postMessage(r));
}
