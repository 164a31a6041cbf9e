export * from './runtime';
export * from './indexes';
export * from './periodic-job';
