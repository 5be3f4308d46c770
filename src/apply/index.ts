export * from './locked-apply.js';
export * from './prepare-plan.js';
export * from './run-report.js';
export * from './saved-plan.js';
export * from './send-plan.js';
export * from './split-payload.js';
export * from './verify.js';
export * from './refresh.js';
