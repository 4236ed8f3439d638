import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3Storage, type S3StorageConfig } from './s3-storage.ts';
import { LocalStorage, type Storage } from './storage.ts';

/** Where stored files go: a local directory (null = DATA_DIR/files) or an S3 bucket. */
export type StorageConfig = { kind: 'local'; root: string | null } | S3StorageConfig;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const TRUE_FALSE: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/**
 * Reads STORAGE_URL (unset or file:///dir: a local directory; s3://bucket/prefix: an S3 bucket) and, for S3, the
 * usual AWS variables: AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, AWS_REGION (or AWS_DEFAULT_REGION),
 * AWS_ACCESS_KEY_ID with AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), AWS_S3_FORCE_PATH_STYLE or
 * ?forcePathStyle=true. Answers the configuration or every problem, named by variable.
 */
export function parseStorageConfig(
  source: NodeJS.ProcessEnv,
): { config: StorageConfig; problems: [] } | { config: null; problems: string[] } {
  const raw = source.STORAGE_URL?.trim();
  if (!raw) return { config: { kind: 'local', root: null }, problems: [] };
  if (raw.startsWith('file:')) return parseFileUrl(raw);
  if (raw.startsWith('s3:')) return parseS3Url(raw, source);
  return { config: null, problems: ['STORAGE_URL: use file:///absolute/directory or s3://bucket/prefix'] };
}

function parseFileUrl(raw: string): { config: StorageConfig; problems: [] } | { config: null; problems: string[] } {
  let root: string;
  try {
    const url = new URL(raw);
    if (url.search || url.hash || (url.host && url.host !== 'localhost')) throw new Error('not a local path');
    root = fileURLToPath(url);
  } catch {
    return {
      config: null,
      problems: ['STORAGE_URL: a file URL names an absolute local directory: file:///var/lib/hcp/files'],
    };
  }
  if (!path.isAbsolute(root) || root === path.parse(root).root)
    return { config: null, problems: ['STORAGE_URL: a file URL names an absolute directory other than /'] };
  return { config: { kind: 'local', root }, problems: [] };
}

function parseS3Url(
  raw: string,
  source: NodeJS.ProcessEnv,
): { config: StorageConfig; problems: [] } | { config: null; problems: string[] } {
  const problems: string[] = [];
  const m = /^s3:\/\/([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?$/.exec(raw);
  if (!m) return { config: null, problems: ['STORAGE_URL: use s3://bucket or s3://bucket/prefix'] };
  const bucket = m[1]!;
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    problems.push('STORAGE_URL: the bucket name is 3 to 63 lowercase letters, digits, dots and hyphens');
  const parts = (m[2] ?? '').split('/').filter(Boolean);
  if (parts.some((p) => !PREFIX_PART.test(p)) || parts.join('/').length > 200)
    problems.push('STORAGE_URL: the prefix is folder names of letters, digits, dots, hyphens and underscores');
  let forcePathStyle: boolean | undefined;
  for (const [name, value] of new URLSearchParams(m[3] ?? '')) {
    if (name === 'forcePathStyle' && value.toLowerCase() in TRUE_FALSE)
      forcePathStyle = TRUE_FALSE[value.toLowerCase()];
    else problems.push(`STORAGE_URL: unknown or invalid option ${name} (only forcePathStyle=true|false)`);
  }
  const pathStyleEnv = source.AWS_S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyleEnv && !(pathStyleEnv in TRUE_FALSE)) problems.push('AWS_S3_FORCE_PATH_STYLE: use true or false');
  forcePathStyle ??= (pathStyleEnv ? TRUE_FALSE[pathStyleEnv] : false) ?? false;

  const endpoint = source.AWS_ENDPOINT_URL_S3?.trim() || source.AWS_ENDPOINT_URL?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
    problems.push(
      `${source.AWS_ENDPOINT_URL_S3?.trim() ? 'AWS_ENDPOINT_URL_S3' : 'AWS_ENDPOINT_URL'}: an http:// or https:// address`,
    );
  const region = source.AWS_REGION?.trim() || source.AWS_DEFAULT_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) problems.push('AWS_REGION: a region name such as us-east-1');
  const accessKeyId = source.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = source.AWS_SECRET_ACCESS_KEY?.trim();
  if (!!accessKeyId !== !!secretAccessKey)
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: give both, or neither (the SDK then finds a role)');
  if (problems.length) return { config: null, problems };
  const sessionToken = source.AWS_SESSION_TOKEN?.trim();
  return {
    config: {
      kind: 's3',
      bucket,
      prefix: parts.length ? `${parts.join('/')}/` : '',
      endpoint,
      region,
      forcePathStyle: forcePathStyle ?? false,
      credentials:
        accessKeyId && secretAccessKey
          ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
          : undefined,
    },
    problems: [],
  };
}

/** The driver STORAGE_URL names: a local directory, DATA_DIR/files by default, or an S3 bucket. */
export function openStorage(config: StorageConfig, dataDir: string): Storage {
  if (config.kind === 's3') return new S3Storage(config);
  return new LocalStorage(config.root ?? path.join(dataDir, 'files'));
}
