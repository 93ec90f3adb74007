export * from './app-config';
export * from './redis-options';
export * from './app-config.token';
export * from './process-lifecycle';
