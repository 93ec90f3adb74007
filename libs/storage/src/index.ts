export * from './storage.service';
export * from './storage-keys';
export * from './storage-options';
export * from './timed-transport';
export * from './storage-outage';
