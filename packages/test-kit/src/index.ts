export * from './infra';
export * from './tokens';
export * from './mail';
export * from './wait';
export * from './testcontainers';
export * from './disposable';
export * from './bus-trace';
export * from './api';
