// The library API (README, "Library"): extract, plan, apply, runFleet and openState, with typed
// options and results as data. The local sandbox platform is a separate entry: 'menusync/sandbox'.
export { extract, plan, apply, runFleet, openState } from './library/index.js';
export type * from './library/index.js';
// The stages underneath, as plain functions over plain data: read -> map -> plan -> load -> report.
export * from './model/index.js';
export * from './errors.js';
export type { Output } from './output.js';
export type * from './extract/types.js';
export { openSource, listSheets } from './extract/registry.js';
export type * from './mapping/types.js';
export { extractMenu } from './mapping/extract-menu.js';
export { loadMapping } from './mapping/loader.js';
// The differ itself (pure: desired menu, baseline, options -> plan), under a name of its own.
export { plan as planMenu } from './plan/plan.js';
export * from './plan/index.js';
export * from './report/index.js';
export * from './platform/index.js';
export * from './state/index.js';
export * from './apply/index.js';
export type { TargetRunResult } from './apply/target-run-result.js';
export { loadConfig } from './config/load-config.js';
export { parseCron, cronMatches } from './config/cron.js';
export {
  runPool,
  selectTargets,
  buildFleetReport,
  renderFleetJson,
  renderFleetMarkdown,
  renderFleetHtml,
  type FleetReport,
  type FleetSelection,
} from './fleet/index.js';
