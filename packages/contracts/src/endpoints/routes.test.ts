import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaFiles, routesSource } from '../../scripts/generate-routes.ts';

describe("the web's routes (src/routes)", () => {
  it('are generated from the current endpoint definitions (npm run generate:routes -w @hcp/contracts)', async () => {
    for (const { area, endpoints, routes } of areaFiles())
      expect(readFileSync(routes, 'utf8'), `src/routes/${area}.ts is stale`).toBe(
        await routesSource(area, endpoints, routes),
      );
    // Formats every area's file with prettier: seconds on a loaded machine.
  }, 60_000);
});
