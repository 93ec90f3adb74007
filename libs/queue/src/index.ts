export * from './job-options';
export * from './batch-flows';
export * from './batch-starter';
export * from './list-runs';
export * from './queue-providers';
export * from './source-schedules';
