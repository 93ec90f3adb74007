import { redisOptions, type AppConfig } from '@app/config';
import type { ExportHandoffOptions } from './export-handoff';
import type { StorageOptions } from './storage.service';

export function storageOptions(config: AppConfig): StorageOptions {
  return {
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
  };
}

export function exportHandoffOptions(config: AppConfig, logger: ExportHandoffOptions['logger']): ExportHandoffOptions {
  return {
    redis: redisOptions(config.REDIS_URL),
    prefix: config.QUEUE_PREFIX,
    maxBytes: config.EXPORT_HANDOFF_MAX_KB * 1024,
    logger,
  };
}
