import { z } from 'zod';
import { NO_REPORT, RunReportSummary } from '../history/list-history.js';
import type { MenuChange } from '../plan/live/menu-change.js';
import { menuChangeText } from '../report/live-sections.js';
import type { RunArchive } from '../state/store.js';

/** The drift lines a fleet row keeps (the run's report lists them all). */
export const DRIFT_LINES_KEPT = 20;

/**
 * What a run found changed on the live menu since the last applied snapshot: how many changes and
 * the first of them as the reports word them. Null when the run did not read the live menu
 * (offline, or it ended before reading), so it cannot say.
 */
export interface DriftSummary {
  count: number;
  lines: string[];
}

/** One run's report as the console's fleet needs it: the summary and the drift. */
export interface ConsoleRunSummary {
  summary: RunReportSummary;
  drift: DriftSummary | null;
}

/**
 * The report.json members read beside the summary, each on its own: one of an odd shape costs only
 * itself. (The plan, with the export files it read, is in the run's plan.json: not read for the fleet.)
 */
const DriftMember = z.object({
  drift: z.array(z.object({ kind: z.string(), action: z.string(), key: z.string() }).loose()),
});
const LiveMember = z.object({ live: z.object({}).loose() });
/** A run's summary, read once from its report.json; else why not (one phrase, as readSummary says it). */
export async function readRunSummary(
  archive: RunArchive,
  runId: string,
): Promise<ConsoleRunSummary | string> {
  let bytes: Buffer | null;
  try {
    bytes = await archive.readRunFile(runId, 'report.json');
  } catch (error) {
    return `report unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (bytes === null) return NO_REPORT;
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'report is not valid JSON';
  }
  const summary = RunReportSummary.safeParse(document);
  if (!summary.success) return 'report of an unknown shape';
  const drift = DriftMember.safeParse(document);
  return {
    summary: summary.data,
    drift: driftOf(drift.data?.drift, LiveMember.safeParse(document).success),
  };
}

function driftOf(
  drift: { kind: string; action: string; key: string }[] | undefined,
  readLive: boolean,
): DriftSummary | null {
  if (drift === undefined) return readLive ? { count: 0, lines: [] } : null;
  return { count: drift.length, lines: drift.slice(0, DRIFT_LINES_KEPT).map(lineOf) };
}

/** As the report words it; a change of a shape this version does not know is still named. */
function lineOf(change: { kind: string; action: string; key: string }): string {
  try {
    return `${change.action} ${menuChangeText(change as MenuChange)}`;
  } catch {
    return `${change.action} ${change.kind} ${change.key}`;
  }
}
