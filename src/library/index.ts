// The library API: what `menusync extract`, `plan`, `apply` and a fleet run do, as functions
// with typed options and results as data. Nothing is written to stdout or stderr unless a
// reporter is passed; no environment variable is read (except by runFleet, as its config says).
export { extract, type ExtractOptions } from './extract.js';
export { plan, type PlanResult } from './plan.js';
export { apply, type ApplyResult } from './apply.js';
export { runFleet, type FleetRunOptions, type FleetRunResult } from './run-fleet.js';
export { openState, type OpenStateOptions } from './open-state.js';
export type * from './options.js';
