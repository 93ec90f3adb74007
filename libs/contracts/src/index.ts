export * from './messages';
export * from './limits';
export * from './normalize';
export * from './task.contract';
export * from './export.contract';
export * from './queue.contract';
export * from './engine-messages';
export * from './outage';
