// Writes src/routes/<area>.ts: the route (method, path, access, how the answer is read) of every endpoint defined
// in src/endpoints/<area>.ts, without its schemas, for the web's client. `npm run generate:routes -w @hcp/contracts`
// after changing a definition; a test fails while a route file is stale, and tsc fails where a route disagrees with
// its definition.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { routeOf, type AnyEndpoint } from '../src/endpoint.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The endpoint files (one per area) and the routes file each gives. */
export function areaFiles(): { area: string; endpoints: string; routes: string }[] {
  return readdirSync(path.join(src, 'endpoints'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
    .sort()
    .map((f) => ({
      area: f.slice(0, -3),
      endpoints: path.join(src, 'endpoints', f),
      routes: path.join(src, 'routes', f),
    }));
}

/** The routes file of one area, formatted as the repository formats code. */
export async function routesSource(area: string, endpointsFile: string, routesFile: string): Promise<string> {
  const mod = (await import(pathToFileURL(endpointsFile).href)) as Record<string, AnyEndpoint>;
  const lines = [
    `// Generated from ../endpoints/${area}.ts by scripts/generate-routes.ts: do not edit. The routes of the area's`,
    "// endpoints without their schemas, for the web's client; each is typed against its definition.",
    "import type { Route } from '../endpoint.ts';",
    `import type * as endpoints from '../endpoints/${area}.ts';`,
    '',
  ];
  // Sorted by name: module namespaces list their exports in different orders under different loaders.
  for (const [name, endpoint] of Object.entries(mod).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!endpoint || typeof endpoint !== 'object' || typeof endpoint.operationId !== 'string') continue;
    lines.push(`export const ${name}: Route<typeof endpoints.${name}> = ${JSON.stringify(routeOf(endpoint))};`);
  }
  const options = await prettier.resolveConfig(routesFile);
  return prettier.format(lines.join('\n'), { ...options, filepath: routesFile });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { area, endpoints, routes } of areaFiles())
    writeFileSync(routes, await routesSource(area, endpoints, routes));
}
