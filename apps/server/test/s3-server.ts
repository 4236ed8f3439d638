import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { S3Storage } from '../src/lib/s3-storage.ts';
import { parseStorageConfig } from '../src/lib/storage-url.ts';

/** The credentials s3rver accepts (it checks request signatures against them). */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** A new empty bucket (a fresh name each call unless one is given). */
  createBucket(name?: string): Promise<string>;
  /** The environment that points a server at `s3://bucket/prefix` on this server (path-style, its credentials). */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** An S3Storage on a bucket of this server (`pageSize` small to make lists page). */
  storage(bucket: string, prefix?: string, opts?: { pageSize?: number }): S3Storage;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
let buckets = 0;

/**
 * Starts an S3-compatible server (s3rver, from the npm registry) on a free loopback port with its own temp
 * directory, in a child process; `stop()` ends it and removes the directory. A test gets buckets from
 * `createBucket()` and points an app at one with `env()`.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hcp-s3-'));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child: ChildProcess = fork(path.join(here, 's3-server-child.ts'), [directory], {
    execArgv: ['--openssl-legacy-provider', '--import', tsx],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (bucket: string, prefix = 'hcp'): Record<string, string> => ({
    STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}?forcePathStyle=true`,
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
  });
  const storage = (bucket: string, prefix = 'hcp', opts: { pageSize?: number } = {}) => {
    const parsed = parseStorageConfig(env(bucket, prefix));
    if (parsed.config?.kind !== 's3') throw new Error(parsed.problems.join('; '));
    return new S3Storage(parsed.config, opts);
  };
  return {
    endpoint,
    env,
    storage,
    async createBucket(name) {
      buckets += 1;
      const bucket = name ?? `hcp-test-${process.pid}-${buckets}`;
      const s = storage(bucket);
      await s.client.send(new CreateBucketCommand({ Bucket: bucket }));
      s.client.destroy();
      return bucket;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
