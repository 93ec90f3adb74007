import { Client } from 'minio';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isOutage } from '@app/contracts';
import { STORAGE_DOWN_MS, StorageUnavailableError } from './storage-outage';
import { timedTransport } from './timed-transport';

export interface StorageOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Longest silence of one call (STORAGE_TIMEOUT_MS): past it the call fails as an outage. */
  timeoutMs: number;
}

/**
 * The few object operations the app needs, on the plain minio API so the same code runs against
 * MinIO and the embedded s3rver (which has no multipart upload: every put passes a known size
 * below the multipart threshold, see putFile). No call waits on a silent server for longer than
 * `timeoutMs` (timedTransport): it fails as storage down, which callers answer with 503.
 * Every call that meets an outage fails with StorageUnavailableError and is remembered for
 * STORAGE_DOWN_MS (knownDown); any answer of the server, an error too, forgets it.
 */
export class StorageService {
  private readonly client: Client;
  readonly bucket: string;
  private readonly region: string;
  /** When the last call (or a probe, markDown) failed as an outage; 0 once a call was answered. */
  private downAt = 0;

  constructor(options: StorageOptions) {
    const url = new URL(options.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      useSSL: url.protocol === 'https:',
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
      transport: timedTransport(url.protocol === 'https:', options.timeoutMs),
      // Large enough that nothing we store (≤ upload limit, exports) goes multipart.
      partSize: 1024 * 1024 * 1024,
    });
    this.bucket = options.bucket;
    this.region = options.region;
  }

  /** Whether storage is known to be down: a call or probe failed as an outage within STORAGE_DOWN_MS, and none was answered since. */
  knownDown(): boolean {
    return this.downAt > 0 && Date.now() - this.downAt < STORAGE_DOWN_MS;
  }

  /** Storage found down by other means (a health probe that gave up, a job that failed on it). */
  markDown(): void {
    this.downAt = Date.now();
  }

  /** One call: an outage is marked (StorageUnavailableError) and remembered; any answer forgets it. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.downAt = 0;
      return result;
    } catch (error) {
      throw this.failed(error);
    }
  }

  private failed(error: unknown): unknown {
    if (error instanceof StorageUnavailableError) return error;
    if (!isOutage(error)) {
      this.downAt = 0;
      return error;
    }
    this.markDown();
    return new StorageUnavailableError(error);
  }

  /** Creates the bucket if it is missing; true when this call created it. */
  ensureBucket(): Promise<boolean> {
    return this.call(async () => {
      if (await this.client.bucketExists(this.bucket)) return false;
      try {
        await this.client.makeBucket(this.bucket, this.region);
        return true;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
        return false;
      }
    });
  }

  async ping(): Promise<void> {
    await this.call(() => this.client.bucketExists(this.bucket));
  }

  async putBuffer(key: string, data: Buffer, contentType?: string): Promise<void> {
    await this.call(() => this.client.putObject(this.bucket, key, data, data.length, contentType ? { 'Content-Type': contentType } : {}));
  }

  async putStream(key: string, stream: Readable, size: number, contentType?: string): Promise<void> {
    await this.call(() => this.client.putObject(this.bucket, key, stream, size, contentType ? { 'Content-Type': contentType } : {}));
  }

  async putFile(key: string, path: string, contentType?: string): Promise<void> {
    const { size } = await stat(path);
    await this.putStream(key, createReadStream(path), size, contentType);
  }

  /** The object's body; an outage while it flows is remembered too (the stream fails with it). */
  async getStream(key: string): Promise<Readable> {
    const body = await this.call(() => this.client.getObject(this.bucket, key));
    body.once('error', (error) => void this.failed(error));
    return body;
  }

  async getBuffer(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.getStream(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * The object written to `path` with one request (the client's fGetObject asks for the object's
   * metadata first: a second request per download, a third of a small export's storage calls).
   */
  async downloadTo(key: string, path: string): Promise<void> {
    await pipeline(await this.getStream(key), createWriteStream(path)).catch((error: unknown) => {
      throw this.failed(error);
    });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await this.call(() => this.client.statObject(this.bucket, key));
      return { size: s.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.call(() => this.client.removeObject(this.bucket, key));
  }

  /** Removes every object under a prefix (a task's folder). */
  async removePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (const key of keys) await this.remove(key);
    return keys.length;
  }

  list(prefix: string): Promise<string[]> {
    return this.call(
      () =>
        new Promise((resolve, reject) => {
          const keys: string[] = [];
          const stream = this.client.listObjectsV2(this.bucket, prefix, true);
          stream.on('data', (obj) => obj.name && keys.push(obj.name));
          stream.on('error', reject);
          stream.on('end', () => resolve(keys));
        }),
    );
  }
}

export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket';
}
