import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isSafeKey, UnsafeKeyError, type Storage, type StoredFileStream } from './storage.ts';

/** Where the files live in S3 and how to reach it (env.ts reads it from STORAGE_URL and the AWS_* variables). */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Folder inside the bucket, '' or ending in '/'. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, a local test server); unset = AWS. */
  endpoint?: string;
  region: string;
  /** Addresses the bucket in the path (http://host/bucket/key), as most local S3 servers need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (instance or task role, profile, web identity). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Parts of a streamed upload: the uploader holds at most `queueSize` of them in memory at once. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;

export function s3ClientFor(config: S3StorageConfig): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    followRegionRedirects: true,
    // Checksums only where S3 requires them: streamed bodies then go as plain content-length uploads, which
    // every S3-compatible server takes (several refuse the aws-chunked trailer the SDK otherwise sends).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  return new S3Client(options);
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3 bucket under a prefix, for servers that share no disk. Keys are checked as on the local
 * driver before any request is made. Uploads stream in parts (lib-storage), downloads stream from the
 * object's body, deletes are real, and lists follow every page.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(
    private readonly config: S3StorageConfig,
    opts: { client?: S3Client; pageSize?: number } = {},
  ) {
    this.client = opts.client ?? s3ClientFor(config);
    this.pageSize = opts.pageSize ?? 1000;
  }

  private readonly pageSize: number;

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new UnsafeKeyError();
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.byteLength,
      }),
    );
  }

  async putFile(key: string, filePath: string): Promise<void> {
    this.objectKey(key);
    await this.putStream(key, createReadStream(filePath));
  }

  async putStream(key: string, stream: Readable): Promise<void> {
    let objectKey: string;
    try {
      objectKey = this.objectKey(key);
    } catch (e) {
      stream.destroy();
      throw e;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: objectKey, Body: stream },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, so no invisible parts are left to pay for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } finally {
      stream.destroy();
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.getStream(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<StoredFileStream | null> {
    if (!isSafeKey(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    if (!isSafeKey(prefix)) return [];
    // A folder, as on disk: 'uploads/1' lists uploads/1/..., never uploads/10/...
    const folder = `${this.config.prefix}${prefix}/`;
    const out: { key: string; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: folder,
          MaxKeys: this.pageSize,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) out.push({ key: o.Key.slice(this.config.prefix.length), modifiedAt: o.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }
}
