export * from './runtime';
export * from './indexes';
