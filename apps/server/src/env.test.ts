import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('environment', () => {
  it('has the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO: true,
      SEED_JOBS: 2000,
      DEV_OUTBOX: true,
    });
    expect(env.featureFlags.Terms_First).toBe(true);
  });
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ FEATURE_NOPE: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ FEATURE_RTO: 'maybe' })).toThrow(/FEATURE_RTO/);
    expect(() => loadEnv({ SKILLS_VENDOR_URL: 'http://vendor.example/' })).toThrow(/SKILLS_VENDOR_URL/);
    expect(loadEnv({ SKILLS_VENDOR_URL: 'https://agency.vendor.example/' }).SKILLS_VENDOR_URL).toBe(
      'https://agency.vendor.example/',
    );
  });
  it('keeps the outbox and the demo logins off on a public address or with SMTP', () => {
    expect(loadEnv({ HOST: '0.0.0.0' }).DEV_OUTBOX).toBe(false);
    expect(loadEnv({ HOST: '0.0.0.0' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ HOST: '0.0.0.0', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ HOST: 'localhost' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ SMTP_URL: 'smtp://localhost:25' }).DEV_OUTBOX).toBe(false);
    // Loopback behind a reverse proxy is public too.
    expect(loadEnv({ TRUST_PROXY: 'true' }).DEV_OUTBOX).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).SEED_DEMO).toBe(false);
  });

  it('gives the dev routes a key when they are on: the one given, or a fresh one at each start', () => {
    expect(loadEnv({ DEV_SECRET: 'a-key-of-twenty-chars' }).DEV_SECRET).toBe('a-key-of-twenty-chars');
    const generated = [loadEnv({}).DEV_SECRET, loadEnv({}).DEV_SECRET];
    expect(generated[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generated[0]).not.toBe(generated[1]);
    expect(loadEnv({ HOST: '0.0.0.0' }).DEV_SECRET).toBeUndefined();
    expect(() => loadEnv({ DEV_SECRET: 'short' })).toThrow(/DEV_SECRET/);
  });
  it('production mode refuses to start without its secrets or with a development convenience, and has none', () => {
    const secrets = { JWT_SECRET: 'j'.repeat(40), DATA_ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(() => loadEnv({ HCP_MODE: 'production' })).toThrow(/JWT_SECRET[\s\S]*DATA_ENCRYPTION_KEY/);
    expect(() => loadEnv({ HCP_MODE: 'production', JWT_SECRET: secrets.JWT_SECRET })).toThrow(
      /DATA_ENCRYPTION_KEY: required/,
    );
    expect(() => loadEnv({ HCP_MODE: 'production', ...secrets, DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
    expect(() => loadEnv({ HCP_MODE: 'production', ...secrets, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(() => loadEnv({ HCP_MODE: 'production', ...secrets, SEED_JOBS: '500' })).toThrow(/SEED_JOBS/);
    // On loopback without SMTP, where development mode turns them all on.
    expect(loadEnv({ HCP_MODE: 'production', ...secrets })).toMatchObject({
      DEV_OUTBOX: false,
      SEED_DEMO: false,
      SEED_JOBS: 0,
      DEV_SECRET: undefined,
    });
  });

  it('stores files in DATA_DIR/files, a file:// directory, or an S3 bucket named by STORAGE_URL', () => {
    expect(loadEnv({}).storage).toEqual({ kind: 'local', root: null });
    expect(loadEnv({ STORAGE_URL: 'file:///var/lib/hcp/files' }).storage).toEqual({
      kind: 'local',
      root: '/var/lib/hcp/files',
    });
    expect(loadEnv({ STORAGE_URL: 's3://hcp-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'hcp-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadEnv({
        STORAGE_URL: 's3://hcp-files/portal/prod?forcePathStyle=true',
        AWS_ENDPOINT_URL: 'http://other.example:9000',
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret-example',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'hcp-files',
      prefix: 'portal/prod/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
    });
    expect(loadEnv({ STORAGE_URL: 's3://hcp-files', AWS_S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
      forcePathStyle: true,
    });
  });

  it('refuses a storage setting it cannot use, naming the variable', () => {
    expect(() => loadEnv({ STORAGE_URL: 'ftp://files' })).toThrow(/STORAGE_URL/);
    expect(() => loadEnv({ STORAGE_URL: 'file://relative/dir' })).toThrow(/STORAGE_URL/);
    expect(() => loadEnv({ STORAGE_URL: 'file:///' })).toThrow(/STORAGE_URL/);
    expect(() => loadEnv({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/STORAGE_URL: the bucket name/);
    expect(() => loadEnv({ STORAGE_URL: 's3://hcp-files/../up' })).toThrow(/STORAGE_URL: the prefix/);
    expect(() => loadEnv({ STORAGE_URL: 's3://hcp-files?pathStyle=1' })).toThrow(/unknown or invalid option/);
    expect(() => loadEnv({ STORAGE_URL: 's3://hcp-files', AWS_ENDPOINT_URL_S3: 'minio:9000' })).toThrow(
      /AWS_ENDPOINT_URL_S3/,
    );
    expect(() => loadEnv({ STORAGE_URL: 's3://hcp-files', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(
      /AWS_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ STORAGE_URL: 's3://hcp-files', AWS_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /AWS_S3_FORCE_PATH_STYLE/,
    );
    // The AWS variables of other tools on the machine do not matter while files are stored locally.
    expect(loadEnv({ AWS_ENDPOINT_URL: 'not a url' }).storage.kind).toBe('local');
  });
});
