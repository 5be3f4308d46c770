import { applyImportOnlyTask, applyReferenceTask, applyTask } from './apply-target.js';
import { extractTask } from './extract-target.js';
import { statusReadReferenceTask, statusReadTask } from './fleet-status-target.js';
import { fleetTask } from './fleet-target.js';
import { planReferenceTask, planTask } from './plan-target.js';
import { stateApplyTask, statePlanTask } from './postgres-state-target.js';
import { refreshReferenceTask, refreshTask } from './refresh-target.js';
import type { TaskSetup } from './types.js';
import { xlsxReadTask } from './xlsx-hostile.js';
import { exceljsReadTask } from './xlsx-target.js';

/** Every task a bench child can run, by the name the parent passes on its command line. */
export const TASKS: Readonly<Record<string, TaskSetup>> = {
  extract: extractTask,
  'exceljs-read': exceljsReadTask,
  'xlsx-read': xlsxReadTask,
  plan: planTask,
  'plan-reference': planReferenceTask,
  apply: applyTask,
  'apply-reference': applyReferenceTask,
  'apply-import-only': applyImportOnlyTask,
  fleet: fleetTask,
  refresh: refreshTask,
  'refresh-reference': refreshReferenceTask,
  'state-plan': statePlanTask,
  'state-apply': stateApplyTask,
  'status-read': statusReadTask,
  'status-read-reference': statusReadReferenceTask,
};
