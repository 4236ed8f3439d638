import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('environment', () => {
  it('has the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', SEED_DEMO: true, SEED_JOBS: 2000, DEV_OUTBOX: true });
    expect(env.featureFlags.Terms_First).toBe(true);
  });
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ FEATURE_NOPE: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ FEATURE_RTO: 'maybe' })).toThrow(/FEATURE_RTO/);
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
});
