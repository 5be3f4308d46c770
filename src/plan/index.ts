export * from './types.js';
export { plan } from './plan.js';
export { summarizeCounts, describeCounts, countNoun, COUNT_KINDS } from './counts.js';
export { hashMenu, canonicalJson } from './canonical-json.js';
export { DEFAULT_DELETE_LIMIT, deleteLimitExceeded } from './delete-limit.js';
export { entityLabel } from './mode.js';
export { liveMenuFrom, liveFingerprint, type LiveMenu, type LiveSummary } from './live/live-menu.js';
export type { MenuChange } from './live/menu-change.js';
export { liveContext, describeDrift, type LiveContext } from './live/live-context.js';
