// Checks that the server registers exactly the endpoints packages/contracts defines, one definition per route
// (paths compared case-insensitively, as the server matches them): `npx tsx scripts/check-endpoint-coverage.ts`.
// Left out: the HEAD routes Fastify adds for GETs, the OpenAPI viewer, and the catch-alls (the unknown-endpoint
// 404 and the web app's pages), which are not endpoints.
import { allEndpoints, routeKey } from '@hcp/contracts/endpoints/index';
import { buildTestApp } from '../apps/server/test/build.ts';

const NOT_ENDPOINTS = [/^\/core\/api\/docs(\/|$)/i, /\*$/];

const t = await buildTestApp({ jobs: 0 });
try {
  const registered = t.routes
    .filter((r) => r.method !== 'HEAD' && !NOT_ENDPOINTS.some((p) => p.test(r.url)))
    .map((r) => routeKey(r.method, r.url));
  const defined = allEndpoints.map((e) => routeKey(e.method, e.path));
  const count = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
  const reg = count(registered);
  const def = count(defined);
  const problems = [
    ...[...reg.keys()].filter((k) => !def.has(k)).map((k) => `registered without a definition: ${k}`),
    ...[...def.keys()].filter((k) => !reg.has(k)).map((k) => `defined but not registered: ${k}`),
    ...[...def].filter(([, n]) => n > 1).map(([k, n]) => `defined ${n} times: ${k}`),
    ...[...reg].filter(([, n]) => n > 1).map(([k, n]) => `registered ${n} times: ${k}`),
  ];
  console.log(`${reg.size} routes registered, ${def.size} endpoints defined`);
  for (const p of problems) console.log(`  ${p}`);
  process.exitCode = problems.length ? 1 : 0;
} finally {
  await t.close();
}
