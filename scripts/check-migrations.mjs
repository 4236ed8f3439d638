// Fails when the Drizzle schema has changes that no migration in apps/server/drizzle holds
// (someone edited db/schema without running `npm run db:generate -w @hcp/server`).
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const tmp = mkdtempSync(path.join(tmpdir(), 'hcp-migrations-'));
try {
  cpSync(path.join(server, 'drizzle'), path.join(tmp, 'out'), { recursive: true });
  const before = new Set(readdirSync(path.join(tmp, 'out')));
  const config = path.join(tmp, 'drizzle.config.mjs');
  writeFileSync(
    config,
    `export default ${JSON.stringify({ dialect: 'postgresql', schema: path.join(server, 'src/db/schema/index.ts'), out: path.join(tmp, 'out') })};`,
  );
  const r = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift'], {
    cwd: server,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    process.exit(1);
  }
  const added = readdirSync(path.join(tmp, 'out')).filter((f) => !before.has(f));
  if (added.length) {
    console.error(
      'The database schema changed without a migration. Run: npm run db:generate -w @hcp/server -- --name <change>',
    );
    process.exit(1);
  }
  console.log('migrations match the schema');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
