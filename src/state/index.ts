export * from './atomic-write.js';
export * from './lock.js';
export { hashJson } from './menu-hash.js';
export * from './run-history.js';
export * from './snapshot.js';
export * from './target.js';
export * from './test-pause.js';
export * from './state-write-error.js';
