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

/** One run's report as the console's fleet needs it: the summary, the drift, the export files read. */
export interface ConsoleRunSummary {
  summary: RunReportSummary;
  drift: DriftSummary | null;
  /** The export files the run read (the plan's source), null when its report does not say. */
  inputs: { file: string; modifiedAt: string | null }[] | null;
}

/** The report.json members read beside the summary; everything else in it (the plan's entries) is skipped. */
const LiveMembers = z
  .object({
    drift: z.array(z.object({ kind: z.string(), action: z.string(), key: z.string() }).loose()).optional(),
    live: z.unknown().optional(),
    plan: z
      .object({
        source: z
          .object({
            inputs: z.array(z.object({ file: z.string(), modifiedAt: z.string().nullable() })),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

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
  const live = LiveMembers.safeParse(document);
  const members = live.success ? live.data : {};
  return {
    summary: summary.data,
    drift: driftOf(members.drift, members.live),
    inputs: members.plan?.source?.inputs ?? null,
  };
}

function driftOf(
  drift: { kind: string; action: string; key: string }[] | undefined,
  live: unknown,
): DriftSummary | null {
  if (drift === undefined) return live ? { count: 0, lines: [] } : null;
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
