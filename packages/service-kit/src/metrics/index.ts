export * from './service-metrics';
export * from './http';
export * from './metrics-server';
export * from './mongo-metrics';
export * from './redis-metrics';
