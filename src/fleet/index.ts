export { runFleet, type FleetOptions, type FleetResult, type FleetState } from './run-fleet.js';
export { runPool } from './pool.js';
export { selectTargets, type FleetSelection } from './select-targets.js';
export * from './fleet-entry.js';
export { buildFleetReport, renderFleetJson, renderFleetMarkdown, type FleetReport } from './fleet-report.js';
export { renderFleetHtml } from './fleet-html.js';
