export * from './metric-names';
export * from './api-metrics';
export * from './worker-metrics';
export * from './metrics-endpoint';
