export * from './task.entity';
export * from './global-rules.entity';
export * from './export.entity';
export * from './data-source';
export * from './tasks.repository';
export * from './rules.repository';
export * from './exports.repository';
export * from './repository-providers';
