// The library API: the pipeline's stages as plain functions over plain data.
// read -> map -> plan -> load -> report, plus the local sandbox platform.
export * from './model/index.js';
export * from './errors.js';
export type * from './extract/types.js';
export { openSource, listSheets } from './extract/registry.js';
export type * from './mapping/types.js';
export { extractMenu } from './mapping/extract-menu.js';
export { loadMapping } from './mapping/loader.js';
export * from './plan/index.js';
export * from './report/index.js';
export * from './platform/index.js';
export * from './sandbox/index.js';
export * from './state/index.js';
export * from './apply/index.js';
// One target's whole run (what a fleet, or a queue worker, calls per target) and the fleet itself.
export { runApplyTarget, type ApplyTargetArgs, type ApplyTargetIo } from './apply/run-apply-target.js';
export { runPlanTarget, type PlanTargetArgs, type PlanTargetIo } from './apply/run-plan-target.js';
export type { TargetRunResult } from './apply/target-run.js';
export { resolveRunSettings, type RunSettings } from './config/run-settings.js';
export { loadConfig } from './config/load-config.js';
export { parseCron, cronMatches } from './config/cron.js';
export * from './fleet/index.js';
