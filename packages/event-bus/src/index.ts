export * from './kafka';
export * from './outbox';
export * from './relay';
export * from './consumer';
export * from './processed-store';
export * from './bus';
export * from './runtime';
export * from './trace';
