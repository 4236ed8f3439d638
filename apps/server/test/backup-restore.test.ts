import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedReference } from '../src/db/seed/index.ts';
import { loadEnv } from '../src/env.ts';
import { loadSecrets } from '../src/lib/secrets.ts';
import { runCli } from '../src/ops/cli.ts';
import { createApiKey } from '../src/modules/agency/keys.ts';
import { agencyApi } from './inject-fetch.ts';
import { pdfBytes } from './dropbox-factories.ts';
import { postgresBin, startPostgresServer, type PostgresServer } from './postgres-server.ts';

/**
 * A node's whole backup as docs/deployment.md describes it, taken, the node wiped (database and DATA_DIR gone),
 * and restored: the database (`npm run ops -- db:backup` / `db:restore` for the embedded one, pg_dump / pg_restore
 * for PostgreSQL) and the stored files (an archive of DATA_DIR/files). Afterwards the clinician signs in with their
 * password, their uploaded file downloads byte for byte, the agency's key still works, and what was written after
 * the backup is gone.
 */

const work = mkdtempSync(path.join(tmpdir(), 'hcp-backup-'));
let pg: PostgresServer | undefined;
afterAll(() => {
  pg?.destroy();
  rmSync(work, { recursive: true, force: true });
});

/** Production-style secrets from the environment: a restore needs the same ones (tokens, encrypted fields). */
const secretsEnv = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};

interface Node {
  dataDir: string;
  databaseUrl?: string;
}

/** The portal on a node's data, as the server opens it (migrations, secrets, reference data); closed by `run`'s end. */
async function withPortal<T>(node: Node, run: (built: BuiltApp) => Promise<T>): Promise<T> {
  const env = loadEnv({
    DATA_DIR: node.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...secretsEnv,
    ...(node.databaseUrl ? { DATABASE_URL: node.databaseUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl: node.databaseUrl,
    pgliteDir: node.databaseUrl ? undefined : path.join(node.dataDir, 'pgdata'),
    poolSize: 2,
  });
  const built = await buildApp({
    env,
    database,
    secrets: loadSecrets(node.dataDir, env),
    webDist: null,
    logger: false,
  });
  try {
    await seedReference(built.ctx);
    return await run(built);
  } finally {
    await built.drain();
    await built.app.close();
    await database.close();
  }
}

const json = { 'content-type': 'application/json' };

/** A clinician who signed up and uploaded a document; an agency key. */
async function writeRecords(node: Node, email: string, file: Buffer) {
  return withPortal(node, async ({ app, ctx }) => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      headers: json,
      payload: {
        EmailAddress: email,
        PhoneNumber: '5125550100',
        FirstName: 'Backed',
        LastName: 'Up',
        ProfessionId: 13,
        ReferralId: 121,
        WebPassword: 'Backup-Restore-42',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${signUp.body}` };
    const up = await app.inject({
      method: 'POST',
      url: '/core/api/Document/uploadDocument',
      headers: bearer,
      payload: { file: file.toString('base64'), fileType: 'pdf' },
    });
    expect(up.statusCode).toBe(200);
    const attach = await app.inject({
      method: 'POST',
      url: '/core/api/HcpCredentialsDropbox/attachDocument',
      headers: bearer,
      payload: { filepath: up.json().filePath, documentTitle: 'Backed Up License' },
    });
    expect(attach.statusCode).toBe(200);
    const { key } = await createApiKey(ctx.db, 'Backup check', ['read']);
    return { token: signUp.body, key, documentId: attach.json().hcpDropBoxId as number };
  });
}

/** What a restored node must show: sign-in, the document and its bytes, the agency key; `absent` must be gone. */
async function expectRestored(node: Node, was: Awaited<ReturnType<typeof writeRecords>>, file: Buffer, email: string) {
  await withPortal(node, async ({ app }) => {
    const login = await app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpLogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password: 'Backup-Restore-42' }).toString(),
    });
    expect(login.statusCode).toBe(200);
    // A session from before the backup is still valid (same JWT_SECRET, the session row is back).
    const me = await app.inject({
      method: 'GET',
      url: '/core/api/HcpApiUser/userInfo',
      headers: { authorization: `Bearer ${was.token}` },
    });
    expect(me.statusCode).toBe(200);
    const agency = agencyApi(app, was.key);
    const docs = (await agency.GET('/core/api/agency/documents')).data!;
    expect(docs.items.map((d) => d.title)).toEqual(['Backed Up License']);
    const download = await agency.GET('/core/api/agency/documents/{id}/file', {
      params: { path: { id: was.documentId } },
      parseAs: 'arrayBuffer',
    });
    expect(download.response.status).toBe(200);
    expect(Buffer.from(download.data!).equals(file)).toBe(true);
    const ready = await app.inject({ method: 'GET', url: '/core/api/health/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });
}

/** The stored files: an archive of DATA_DIR/files, and its extraction into a new DATA_DIR. */
const backupFiles = (dataDir: string, archive: string) =>
  execFileSync('tar', ['--create', '--gzip', `--file=${archive}`, `--directory=${dataDir}`, 'files']);
const restoreFiles = (dataDir: string, archive: string) => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['--extract', '--gzip', `--file=${archive}`, `--directory=${dataDir}`]);
};

/** Every stored file of a node (relative paths). */
const storedFiles = (dataDir: string): string[] =>
  existsSync(path.join(dataDir, 'files'))
    ? (readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
        .sort()
    : [];

describe('a node backed up, wiped and restored', () => {
  it('embedded database: ops db:backup and db:restore with the files archive', async () => {
    const node: Node = { dataDir: path.join(work, 'embedded') };
    const email = 'embedded.backup@example.com';
    const file = pdfBytes(`embedded ${randomBytes(8).toString('hex')}`);
    const was = await writeRecords(node, email, file);
    const files = storedFiles(node.dataDir);
    expect(files.length).toBeGreaterThan(0);

    // The server is stopped (withPortal closed it): back up the database and the files.
    const dbBackup = path.join(work, 'embedded-db.tar.gz');
    const filesBackup = path.join(work, 'embedded-files.tar.gz');
    const ops = async (...argv: string[]) => {
      const out: string[] = [];
      const code = await runCli(argv, {
        out: (l) => out.push(l),
        err: (l) => out.push(l),
        env: { DATA_DIR: node.dataDir, LOG_LEVEL: 'silent', ...secretsEnv },
      });
      return { code, out: out.join('\n') };
    };
    expect((await ops('db:backup', dbBackup)).code).toBe(0);
    backupFiles(node.dataDir, filesBackup);
    // Written after the backup: must not come back.
    await writeRecords(node, 'after.backup@example.com', pdfBytes('after'));

    rmSync(node.dataDir, { recursive: true, force: true });
    const restored = await ops('db:restore', dbBackup, '--yes');
    expect(restored.code, restored.out).toBe(0);
    restoreFiles(node.dataDir, filesBackup);
    expect(storedFiles(node.dataDir)).toEqual(files);

    await expectRestored(node, was, file, email);
    await withPortal(node, async ({ app }) => {
      const gone = await app.inject({
        method: 'POST',
        url: '/core/api/auth/HcpLogin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=after.backup%40example.com&password=Backup-Restore-42',
      });
      expect(gone.statusCode).toBe(401);
    });
  }, 180_000);

  it('PostgreSQL: pg_dump and pg_restore with the files archive', async () => {
    pg = await startPostgresServer();
    const bin = postgresBin();
    const url = new URL(pg.url);
    url.pathname = '/portal';
    const node: Node = { dataDir: path.join(work, 'postgres'), databaseUrl: url.toString() };
    execFileSync(path.join(bin, 'createdb'), ['--maintenance-db', pg.url, 'portal']);
    const email = 'postgres.backup@example.com';
    const file = pdfBytes(`postgres ${randomBytes(8).toString('hex')}`);
    const was = await writeRecords(node, email, file);
    const files = storedFiles(node.dataDir);
    expect(files.length).toBeGreaterThan(0);

    const dump = path.join(work, 'portal.dump');
    const filesBackup = path.join(work, 'postgres-files.tar.gz');
    execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, node.databaseUrl!]);
    backupFiles(node.dataDir, filesBackup);
    await writeRecords(node, 'after.pg.backup@example.com', pdfBytes('after'));

    // Wiped: the database dropped and made again empty, the data dir gone.
    execFileSync(path.join(bin, 'dropdb'), ['--maintenance-db', pg.url, '--force', 'portal']);
    execFileSync(path.join(bin, 'createdb'), ['--maintenance-db', pg.url, 'portal']);
    rmSync(node.dataDir, { recursive: true, force: true });
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${node.databaseUrl}`, dump]);
    restoreFiles(node.dataDir, filesBackup);
    expect(storedFiles(node.dataDir)).toEqual(files);

    await expectRestored(node, was, file, email);
  }, 180_000);
});
