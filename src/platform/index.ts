export { createPlatformClient } from './client.js';
export { endpointUrl, parseRetryAfter } from './url.js';
export * from './errors.js';
export * from './types.js';
