/**
 * The ceiling: a bare node:http server (own process, like the app) answering every request with the same
 * status, headers and bytes as one captured answer of the app. Usage: node ceiling.mjs <answer.json>
 * where the file holds { status, headers, bodyBase64 }. Prints the port it listens on.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

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
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
