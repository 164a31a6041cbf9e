// The API's shapes: every service's answers, requests and endpoint tables (the OpenAPI document is
// built from this module, so it imports nothing of the package root).
export * from './common';
export * from './auth';
export * from './auth-requests';
export * from './catalog';
export * from './catalog-requests';
export * from './search';
export * from './search-requests';
export * from './saved-searches';
export * from './exchange';
export * from './exchange-requests';
export * from './notification';
export * from './chat';
export * from './circles';
export * from './circles-requests';
export * from './disputes';
export * from './payment';
export * from './admin';
export * from './admin-requests';
export * from './gateway';
