/**
 * The ceiling: a bare node:http server (own process, like the app) answering every request with the same
 * status, headers and bytes as one captured answer of the app. Usage: node ceiling.mjs <answer.json> [processes]
 * where the file holds { status, headers, bodyBase64 }. With processes > 1 it runs that many node:cluster workers on
 * one port, handed connections in turn like the app's supervisor, so the app and its ceiling use the same number of
 * processes. Prints the port once every process listens.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const processes = Math.max(1, Number(process.argv[3] ?? 1));

if (processes > 1 && cluster.isPrimary) {
  cluster.schedulingPolicy = cluster.SCHED_RR;
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening === processes) process.stdout.write(`${address.port}\n`);
  });
  // Workers listening on port 0 share one random port (node:cluster keeps one handle per address and port asked).
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  const answer = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const body = Buffer.from(answer.bodyBase64, 'base64');
  const headers = { ...answer.headers, 'content-length': String(body.length) };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, headers);
      res.end(body);
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    if (!cluster.isWorker) process.stdout.write(`${server.address().port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
