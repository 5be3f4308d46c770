export * from './types.js';
export { plan } from './plan.js';
export { summarizeCounts, describeCounts, countNoun, COUNT_KINDS } from './counts.js';
export { hashMenu, canonicalJson } from './canonical-json.js';
export { DEFAULT_DELETE_LIMIT, deleteLimitExceeded } from './guards.js';
export { entityLabel } from './mode.js';
