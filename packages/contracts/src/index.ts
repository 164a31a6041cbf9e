export * from './topics';
export * from './events/envelope';
export * from './events/event-map';
export { productSnapshot, productStatus, type ProductSnapshot } from './events/catalog-events';
export * from './api';
export * from './proposal-gate';
export * from './services';
export * from './openapi';
