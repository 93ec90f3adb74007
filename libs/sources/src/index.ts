export * from './source-error';
export * from './source-limits';
export * from './address-guard';
export * from './file-name';
export * from './url-request';
export * from './url-fetch';
