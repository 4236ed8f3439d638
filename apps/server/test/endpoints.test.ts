import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, findEndpoint, routeKey } from '@hcp/contracts/endpoints/index';
import { buildTestApp, type TestApp } from './build.ts';
import { ALL_FEATURES_ON } from './security/harness.ts';

/**
 * The server answers exactly the endpoints packages/contracts defines, each registered from its definition, and the
 * OpenAPI document it serves passes Redocly's recommended rules: the contract, the routes and the document cannot
 * drift apart.
 */

let t: TestApp;
beforeAll(async () => {
  // The dev outbox is on in test apps, so the dev endpoints are registered too.
  t = await buildTestApp({ jobs: 0, env: ALL_FEATURES_ON });
}, 60_000);
afterAll(async () => t?.close());

/** Routes that are not endpoints hide from the document: the OpenAPI viewer, the catch-alls, the web app's files. */
const endpointRoutes = () => t.routes.filter((r) => r.method !== 'HEAD' && r.schema?.hide !== true);

describe('the registered routes', () => {
  it('are the endpoint definitions, each registered once and from its own definition', () => {
    const count = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    const registered = count(endpointRoutes().map((r) => routeKey(r.method, r.url)));
    const defined = count(allEndpoints.map((e) => routeKey(e.method, e.path)));
    expect(
      [...registered.keys()].filter((k) => !defined.has(k)),
      'registered without a definition',
    ).toEqual([]);
    expect(
      [...defined.keys()].filter((k) => !registered.has(k)),
      'defined but not registered',
    ).toEqual([]);
    expect(
      [...defined].filter(([, n]) => n > 1),
      'defined twice',
    ).toEqual([]);
    expect(
      [...registered].filter(([, n]) => n > 1),
      'registered twice',
    ).toEqual([]);
    // Registered with registerEndpoint: the route's schema is the definition's (its operationId, its body limit).
    for (const r of endpointRoutes()) {
      const def = findEndpoint(r.method, r.url)!;
      expect(r.schema?.operationId, routeKey(r.method, r.url)).toBe(def.operationId);
      expect(r.bodyLimit, routeKey(r.method, r.url)).toBe(def.bodyLimit);
    }
    expect(registered.size).toBe(allEndpoints.length);
  });
});

describe('the served OpenAPI document', () => {
  it('lists every endpoint and passes Redocly lint with the recommended rules', { timeout: 60_000 }, async () => {
    // The viewer is served beside it.
    expect((await t.app.inject({ method: 'GET', url: '/core/api/docs' })).statusCode).toBeLessThan(400);
    const res = await t.app.inject({ method: 'GET', url: '/core/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { operationId?: string }>> }>();
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(operations.sort()).toEqual(allEndpoints.map((e) => e.operationId).sort());

    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-openapi-'));
    try {
      writeFileSync(path.join(dir, 'openapi.json'), res.body);
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      // Exit code 1 means errors were found; the JSON report is written either way.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', 'openapi.json', '--extends=recommended', '--format=json'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
