import { it } from 'vitest';
import { apiRoutes, buildSecurityApp, fieldNames, jsonSchemaOf, routeKey } from './security/harness.ts';
it('lists', async () => {
  const t = await buildSecurityApp({ jobs: 0 });
  const out: string[] = [];
  for (const r of apiRoutes(t)) {
    const names = new Set<string>();
    for (const p of ['params', 'querystring', 'body'] as const) fieldNames(jsonSchemaOf(r, p), names);
    const d = [...names].filter((n) => /date|Date|Dt|expir|start|end|birth|military|graduat|from|through|Time|after|since/i.test(n));
    out.push(`${routeKey(r)}  ${d.join(',')}`);
  }
  const res = await t.app.inject({ url: '/core/api/docs/json' });
  const doc = res.json();
  let ops = 0; for (const p of Object.values(doc.paths) as object[]) ops += Object.keys(p).length;
  out.push(`routes ${apiRoutes(t).length} ops ${ops}`);
  require('node:fs').writeFileSync('/tmp/dates/routes.txt', out.join('\n'));
  await t.close();
}, 60000);
