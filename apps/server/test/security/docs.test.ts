import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/modules/platform/rate-limit/service.ts';

/**
 * docs/security.md names a test for every requirement it claims: each `CODE › test name` must name a
 * test file from its legend and a test (or describe block) that file really holds, so the table cannot
 * drift from the suites.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const doc = readFileSync(path.join(root, 'docs/security.md'), 'utf8');

const legend = new Map<string, string>();
for (const m of doc.matchAll(/^\| ([A-Z0-9-]+) +\| ((?:apps|packages|e2e)\/\S+) +\|$/gm)) legend.set(m[1]!, m[2]!);

/** Every `CODE › name` in the tables, cut at an ellipsis or a parenthetical note. */
function references(): { code: string; name: string }[] {
  const out: { code: string; name: string }[] = [];
  for (const line of doc.split('\n').filter((l) => l.startsWith('|'))) {
    for (const m of line.matchAll(/\b([A-Z][A-Z0-9-]*) › ([^;|]+)/g)) {
      const name = m[2]!
        .split('…')[0]!
        .replace(/\s+\([^)]*\)?\s*$/, '')
        .replace(/\s+\(.*$/, '')
        .trim();
      out.push({ code: m[1]!, name });
    }
  }
  return out;
}

describe('docs/security.md', () => {
  it('names only test files that exist, and tests those files hold', () => {
    expect(legend.size).toBeGreaterThan(20);
    const refs = references();
    expect(refs.length).toBeGreaterThan(150);
    const problems: string[] = [];
    for (const { code, name } of refs) {
      const file = legend.get(code);
      if (!file) {
        problems.push(`${code}: not in the legend`);
        continue;
      }
      // Test names built from the documented limits (`${LIMITS.signUpPerIp.max} per IP`) are read with their numbers.
      const text = readFileSync(path.join(root, file), 'utf8')
        .replace(/\\'/g, "'")
        .replace(/\$\{LIMITS\.(\w+)\.max\}/g, (_m, k: string) => String(LIMITS[k as keyof typeof LIMITS].max));
      // "the OWNED cases" and "all seven limits" name a group of generated tests.
      if (/^(the OWNED cases|all seven limits|all limits)/.test(name)) continue;
      if (!text.includes(name.replace(/%s/g, '').split('%s')[0]!.trim()) && !text.includes(name))
        problems.push(`${code} › ${name}`);
    }
    expect(problems).toEqual([]);
  });
});
