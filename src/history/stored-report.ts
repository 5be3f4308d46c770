import { InvalidInputError } from '../errors.js';
import type { Plan } from '../plan/types.js';
import { renderHtml, renderMarkdown, type RunReport } from '../report/index.js';
import type { RunArchive } from '../state/store.js';

/** The report formats a run may store rendered, or have rendered from its report.json on demand. */
export type RenderedFormat = 'html' | 'md';

/**
 * A run's report as its renderers take it, from what the run stored: report.json, whose `plan`
 * names plan.json (run-report.ts), and plan.json. plan.json leaves out the `keep` entries, which
 * no rendered report lists (they show only as counts), so the rendering is the one the run would
 * have written. null: the run has no report.json.
 */
export async function readStoredReport(store: RunArchive, runId: string): Promise<RunReport | null> {
  const bytes = await store.readRunFile(runId, 'report.json');
  if (bytes === null) return null;
  const report = parseStored(bytes, runId, 'report.json') as Partial<RunReport> & { plan?: unknown };
  if (report.formatVersion !== 1 || typeof report.outcome !== 'string')
    throw new InvalidInputError(`run ${runId}: its report.json is of an unknown shape`);
  if (typeof report.plan !== 'string') return report as RunReport;
  const planBytes = await store.readRunFile(runId, report.plan);
  if (planBytes === null)
    throw new InvalidInputError(`run ${runId}: its report.json names ${report.plan}, which is not stored`);
  const plan = parseStored(planBytes, runId, report.plan) as Partial<Plan>;
  if (!Array.isArray(plan.entries) || typeof plan.counts !== 'object')
    throw new InvalidInputError(`run ${runId}: its ${report.plan} is of an unknown shape`);
  return { ...(report as RunReport), plan: plan as Plan };
}

/** The run's Markdown or HTML report, rendered from its stored report.json (readStoredReport). */
export async function renderStoredReport(
  store: RunArchive,
  runId: string,
  format: RenderedFormat,
): Promise<string | null> {
  const report = await readStoredReport(store, runId);
  if (report === null) return null;
  return format === 'html' ? renderHtml(report) : renderMarkdown(report);
}

function parseStored(bytes: Buffer, runId: string, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidInputError(`run ${runId}: its ${name} is not valid JSON`);
  }
}
