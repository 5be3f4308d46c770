import { z } from 'zod';
import { parseJsonBytes } from '../model/json-bytes.js';
import { APPROVAL_PLAN_FILE } from '../apply/1-read/approval-plan.js';
import { readDecision, type RunDecision } from '../history/run-decision.js';
import { readSummary, type RunReportSummary } from '../history/list-history.js';
import type { TargetStore } from '../state/store.js';

/** The plan.json members a run page shows: its guards and its changes (not the payload). */
const PlanFile = z
  .object({
    blocked: z.string().nullable(),
    blockedBy: z
      .array(
        z
          .object({ guard: z.string(), message: z.string(), numbers: z.record(z.string(), z.number()) })
          .loose(),
      )
      .optional(),
    entries: z.array(
      z
        .object({ kind: z.string(), action: z.string(), ext_id: z.string(), name: z.string().optional() })
        .loose(),
    ),
    drift: z.array(z.unknown()).optional(),
    source: z
      .object({ inputs: z.array(z.object({ file: z.string(), modifiedAt: z.string().nullable() }).loose()) })
      .loose()
      .optional(),
  })
  .loose();
type PlanFile = z.infer<typeof PlanFile>;

/** One run as its page shows it: the report's summary, its plan's guards and changes, and the decision. */
export interface RunView {
  runId: string;
  summary: RunReportSummary | null;
  /** Why there is no summary (a run killed before its report). */
  note: string | null;
  guards: NonNullable<PlanFile['blockedBy']>;
  changes: PlanFile['entries'];
  drift: number | null;
  /** The export files the run read, each with when it was last modified, as its plan recorded them. */
  inputs: { file: string; modifiedAt: string | null }[] | null;
  /** Whether the run kept a plan a person may approve (a blocked run with something to send). */
  approvable: boolean;
  decision: RunDecision | null;
}

/** Every change a page lists at most; the run's HTML report has them all. */
export const MAX_CHANGES_SHOWN = 500;

/** The run's view, or null when the target keeps no such run (pruned, or never there). */
export async function readRunView(store: TargetStore, runId: string): Promise<RunView | null> {
  const runs = await store.listRuns();
  if (!runs.some((run) => run.id === runId)) return null;
  const [summary, planBytes, approval, decision] = await Promise.all([
    readSummary(store, runId),
    store.readRunFile(runId, 'plan.json'),
    store.readRunFile(runId, APPROVAL_PLAN_FILE),
    readDecision(store, runId),
  ]);
  const plan = parseJsonBytes(PlanFile, planBytes);
  return {
    runId,
    summary: typeof summary === 'string' ? null : summary,
    note: typeof summary === 'string' ? summary : null,
    guards: plan?.blockedBy ?? [],
    changes: (plan?.entries ?? []).filter((entry) => entry.action !== 'keep'),
    drift: plan?.drift ? plan.drift.length : null,
    inputs: plan?.source?.inputs.map(({ file, modifiedAt }) => ({ file, modifiedAt })) ?? null,
    approvable: approval !== null && typeof summary !== 'string' && summary.outcome === 'blocked',
    decision,
  };
}
