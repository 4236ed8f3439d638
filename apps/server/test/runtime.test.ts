import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('runtime', () => {
  it('runs on the Node.js LTS the project installs, not the machine’s older one', () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(process.versions.node).toBe(root.devDependencies.node);
  });
});
