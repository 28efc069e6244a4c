import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { S3Client } from '@aws-sdk/client-s3';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';

/**
 * Where uploaded bytes live. One small interface, two implementations: a directory on disk
 * (DATA_DIR/uploads, the default) and an S3-compatible bucket (when S3_* are set).
 * Keys are relative, slash-separated, made of [A-Za-z0-9._-] segments (never user input).
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Create the directory / check the bucket. */
  init(): Promise<void>;
  /** Store a complete local file under `key` (replaces an existing object). */
  putFile(key: string, file: string, meta: { contentType: string; size: number }): Promise<void>;
  /** A stream of the object's bytes, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Remove the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** True when an object exists under `key`. */
  exists(key: string): Promise<boolean>;
  close(): void;
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

function checkKey(key: string) {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) throw new Error(`invalid storage key: ${key}`);
}

/** Objects as files under a directory; writes go to a temporary name first, then a rename. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    checkKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async init() {
    await fsp.mkdir(this.root, { recursive: true });
  }

  async putFile(key: string, file: string) {
    const dest = this.file(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.part`;
    try {
      await fsp.copyFile(file, tmp);
      const fd = await fsp.open(tmp, 'r+');
      try {
        await fd.sync();
      } finally {
        await fd.close();
      }
      await fsp.rename(tmp, dest);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string) {
    const f = this.file(key);
    try {
      const st = await fsp.stat(f);
      return { body: fs.createReadStream(f), size: st.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string) {
    const f = this.file(key);
    await fsp.rm(f, { force: true });
    await fsp.rm(`${f}.part`, { force: true });
  }

  async exists(key: string) {
    try {
      await fsp.access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  close() {}
}

// Loaded on first use: the SDK is large and local storage never needs it.
type S3Module = typeof import('@aws-sdk/client-s3'); // eslint-disable-line @typescript-eslint/consistent-type-imports

/** Objects in an S3-compatible bucket (AWS S3, MinIO, Garage, R2, s3rver…), path-style addressing. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private client: S3Client | null = null;
  private sdk: S3Module | null = null;

  constructor(readonly options: NonNullable<Config['s3']>) {}

  private async s3() {
    if (!this.sdk || !this.client) {
      this.sdk = await import('@aws-sdk/client-s3');
      this.client = new this.sdk.S3Client({
        region: this.options.region,
        ...(this.options.endpoint ? { endpoint: this.options.endpoint, forcePathStyle: true } : {}),
        credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
        maxAttempts: 3,
        // Checksums only where S3 requires them: the SDK's default (aws-chunked uploads with CRC
        // trailers) is not understood by many S3-compatible servers, which then store the framing.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    }
    return { sdk: this.sdk, client: this.client };
  }

  async init() {
    const { sdk, client } = await this.s3();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  async putFile(key: string, file: string, meta: { contentType: string; size: number }) {
    checkKey(key);
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: meta.size,
        ContentType: meta.contentType,
      }),
    );
  }

  async get(key: string) {
    checkKey(key);
    const { sdk, client } = await this.s3();
    try {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!r.Body) return null;
      return { body: r.Body as Readable, size: Number(r.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    checkKey(key);
    const { sdk, client } = await this.s3();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async exists(key: string) {
    checkKey(key);
    const { sdk, client } = await this.s3();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  close() {
    this.client?.destroy();
    this.client = null;
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The configured storage: S3 when S3_* are set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): ObjectStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(path.join(config.dataDir, 'uploads'));
}

/** Write a web or node stream to a file, failing (and removing the file) when it grows past `limit`. */
export async function streamToFile(
  body: ReadableStream<Uint8Array> | Readable,
  file: string,
  limit: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<{ size: number } | { tooLarge: true }> {
  const source = body instanceof Readable ? body : Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  let size = 0;
  let tooLarge = false;
  const counter = async function* (src: AsyncIterable<Uint8Array>) {
    for await (const chunk of src) {
      size += chunk.byteLength;
      if (size > limit) {
        tooLarge = true;
        throw new Error('too large');
      }
      onChunk?.(chunk);
      yield chunk;
    }
  };
  const out = fs.createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(source, counter, out);
  } catch (err) {
    // The file may still be opening when the pipeline gives up: wait until the write stream has
    // closed its descriptor (or failed to open), so that the removal below cannot come first.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fsp.rm(file, { force: true });
    if (tooLarge) {
      source.destroy();
      return { tooLarge: true };
    }
    throw err;
  }
  return { size };
}
