import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@hcp/contracts/endpoints/index';

const root = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    // src/test holds the stand-in server of the component tests, which answers the API's paths by name.
    if (statSync(file).isDirectory()) return file === path.join(root, 'test') ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** An endpoint's path without its prefix and parameters, lower-cased: 'hcpdegree/gethcpdegrees', 'timesheets/getshiftlist/'. */
const stems = allEndpoints.map((e) =>
  e.path
    .replace(/^\/core\/api\//, '')
    .replace(/:[A-Za-z0-9_]+.*$/, '')
    .toLowerCase(),
);

describe('the web app', () => {
  it('writes no API path by hand: every call goes through a route generated from the endpoint definitions', () => {
    const found: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(['"`])([^'"`\n]{3,200})\1/g)) {
        const literal = m[2]!.toLowerCase();
        // A path starting with '/' is a page of the app unless it is the API's; one without is an API path relative to it.
        const api = literal.startsWith('/')
          ? /^\/(core\/api|api\/home)\b/.test(literal)
          : stems.some((s) => s.includes('/') && literal.startsWith(s));
        if (api) found.push(`${path.relative(root, file)}: ${m[2]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
