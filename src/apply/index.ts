export * from './apply-run.js';
export * from './2-plan/prepare-plan.js';
export * from './6-record/run-report.js';
export * from './1-read/saved-plan.js';
export * from './4-send/send-plan.js';
export * from './4-send/split-payload.js';
export * from './5-verify/verify.js';
export * from './1-read/refresh.js';
