export * from './job-options';
export * from './batch-flows';
export * from './batch-starter';
