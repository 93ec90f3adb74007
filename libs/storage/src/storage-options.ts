import type { AppConfig } from '@app/config';
import type { StorageOptions } from './storage.service';

export function storageOptions(config: AppConfig): StorageOptions {
  return {
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    timeoutMs: config.STORAGE_TIMEOUT_MS,
  };
}
