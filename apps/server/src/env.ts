import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { featureFlagEnvNames, shippedFeatureFlags, type FeatureFlags } from '@hcp/contracts';
import { parseImageHosts } from './lib/image-hosts.ts';
import { parseStorageConfig, type StorageConfig } from './lib/storage-url.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * production: no dev routes, no demo data, and JWT_SECRET and DATA_ENCRYPTION_KEY must be given
   * (never generated). The default suits a developer's machine (`npm start`).
   */
  HCP_MODE: z.enum(['development', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
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
  /** Set by the supervisor of `npm start` (scripts/supervisor.mjs): which of its server processes this is, "2/4". */
  HCP_WORKER: z
    .string()
    .regex(/^\d+\/\d+$/, 'HCP_WORKER is set by the supervisor: "<index>/<count>"')
    .optional(),
  /** Set by the server for the short-lived copy of itself that sets up a new embedded database (decision 0353). */
  HCP_SETUP_ONLY: z.enum(['1']).optional(),
  /** Multiplies every rate limit (documented in docs/security.md); 0 is not allowed. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: bool.default(false),
  /** PostgreSQL: a query not answered within this many ms fails (503) instead of hanging; 0 = no limit. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Serve the mail outbox at /core/api/dev/outbox. Default: on only without SMTP and on a loopback HOST. */
  DEV_OUTBOX: bool.optional(),
  /** The key the dev routes ask for (X-Dev-Secret header); generated at each start when not given. */
  DEV_SECRET: z.string().min(16, 'DEV_SECRET must be at least 16 characters').optional(),
  /**
   * Where the skills-checklist vendor's clinicians sign in to take their checklists, written into the assignment
   * mail. The default is the vendor's public site; an agency with its own vendor portal sets its address.
   */
  SKILLS_VENDOR_URL: z.string().url().startsWith('https://', 'SKILLS_VENDOR_URL must be an https address').optional(),
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

export type Env = Omit<z.infer<typeof envSchema>, 'DEV_OUTBOX' | 'SEED_DEMO'> & {
  featureFlags: FeatureFlags;
  DEV_OUTBOX: boolean;
  SEED_DEMO: boolean;
  /** STORAGE_URL (and for S3 the AWS_* variables) read and checked: where uploaded and generated files go. */
  storage: StorageConfig;
};

/**
 * Production mode refuses to start rather than run with a development convenience or a secret it
 * would have to invent (a generated key would differ between processes and be lost with the data dir).
 */
function productionProblems(data: z.infer<typeof envSchema>, source: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!data.JWT_SECRET) problems.push('JWT_SECRET: required in production mode (32+ characters)');
  if (!data.DATA_ENCRYPTION_KEY) problems.push('DATA_ENCRYPTION_KEY: required in production mode (64 hex characters)');
  if (data.DEV_OUTBOX)
    problems.push('DEV_OUTBOX: the development outbox and dev routes do not exist in production mode');
  if (data.SEED_DEMO) problems.push('SEED_DEMO: demo users and data do not exist in production mode');
  if (source.SEED_JOBS !== undefined && data.SEED_JOBS > 0)
    problems.push('SEED_JOBS: generated demo jobs do not exist in production mode (jobs come from the agency feed)');
  return problems;
}

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
  const storage = parseStorageConfig(source);
  if (!storage.config) throw new EnvError(`Invalid environment:\n${storage.problems.map((p) => `  ${p}`).join('\n')}`);
  if (parsed.data.HCP_MODE === 'production') {
    const problems = productionProblems(parsed.data, source);
    if (problems.length) throw new EnvError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    return {
      ...parsed.data,
      DEV_OUTBOX: false,
      SEED_DEMO: false,
      SEED_JOBS: 0,
      DEV_SECRET: undefined,
      featureFlags,
      storage: storage.config,
    };
  }
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(parsed.data.HOST);
  // A loopback server behind a reverse proxy (TRUST_PROXY) is public: no outbox and no demo logins by default.
  const local = loopback && !parsed.data.TRUST_PROXY;
  const devOutbox = parsed.data.DEV_OUTBOX ?? (!parsed.data.SMTP_URL && local);
  // Demo logins have a published password: a server reachable from other machines gets them only on request.
  const seedDemo = parsed.data.SEED_DEMO ?? local;
  // A same-host proxy makes every stranger's request look like this machine's own: the dev routes also
  // need a key that only whoever started the server has seen (the start banner prints it).
  const devSecret = devOutbox ? (parsed.data.DEV_SECRET ?? randomBytes(24).toString('base64url')) : undefined;
  return {
    ...parsed.data,
    DEV_OUTBOX: devOutbox,
    SEED_DEMO: seedDemo,
    DEV_SECRET: devSecret,
    featureFlags,
    storage: storage.config,
  };
}
