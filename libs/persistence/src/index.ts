export * from './task.entity';
export * from './global-rules.entity';
export * from './export.entity';
export * from './data-source';
export * from './export-queries';
