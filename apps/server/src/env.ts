import { z } from 'zod';
import { featureFlagEnvNames, shippedFeatureFlags, type FeatureFlags } from '@hcp/contracts';
import { parseImageHosts } from './lib/image-hosts.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('TRS Healthcare <no-reply@trs-healthcare.example>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'DATA_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /** Demo users (with the README's password), jobs and data. Default: on only when HOST is loopback. */
  SEED_DEMO: bool.optional(),
  SEED_JOBS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  SEED_RANDOM: z.coerce.number().int().default(20261122),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Multiplies every rate limit (documented in docs/security.md); 0 is not allowed. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: bool.default(false),
  /** PostgreSQL: a query not answered within this many ms fails (503) instead of hanging; 0 = no limit. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Serve the mail outbox at /core/api/dev/outbox. Default: on only without SMTP and on a loopback HOST. */
  DEV_OUTBOX: bool.optional(),
  /** Map tiles for the facility map; {s},{z},{x},{y} placeholders as Leaflet expects. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** https origins of the facility images the feed's imageUrl points to (CSP img-src); others are not shown. */
  IMAGE_HOSTS: z
    .string()
    .default('')
    .transform((v, c) => {
      try {
        return parseImageHosts(v);
      } catch (e) {
        c.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    }),
});

export type Env = Omit<z.infer<typeof envSchema>, 'DEV_OUTBOX' | 'SEED_DEMO'> & { featureFlags: FeatureFlags; DEV_OUTBOX: boolean; SEED_DEMO: boolean };

export class EnvError extends Error {}

/** Reads and validates the environment once. Unknown FEATURE_* names are refused so typos show up. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const featureFlags: FeatureFlags = { ...shippedFeatureFlags };
  for (const [key, value] of Object.entries(source)) {
    if (!key.startsWith('FEATURE_') || value === undefined) continue;
    const flag = featureFlagEnvNames[key];
    if (!flag) throw new EnvError(`Invalid environment:\n  ${key}: unknown feature flag`);
    const b = bool.safeParse(value);
    if (!b.success) throw new EnvError(`Invalid environment:\n  ${key}: use true or false`);
    featureFlags[flag] = b.data;
  }
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(parsed.data.HOST);
  // A loopback server behind a reverse proxy (TRUST_PROXY) is public: no outbox and no demo logins by default.
  const local = loopback && !parsed.data.TRUST_PROXY;
  const devOutbox = parsed.data.DEV_OUTBOX ?? (!parsed.data.SMTP_URL && local);
  // Demo logins have a published password: a server reachable from other machines gets them only on request.
  const seedDemo = parsed.data.SEED_DEMO ?? local;
  return { ...parsed.data, DEV_OUTBOX: devOutbox, SEED_DEMO: seedDemo, featureFlags };
}
