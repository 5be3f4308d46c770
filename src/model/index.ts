export * from './import-payload.js';
export * from './canonical-menu.js';
export * from './money.js';
export * from './validate-payload.js';
export * from './normalize.js';
export * from './json-schema.js';
export * from './data-issue.js';
