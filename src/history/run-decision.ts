import { z } from 'zod';
import { parseJsonBytes } from '../model/json-bytes.js';
import type { TargetStore } from '../state/store.js';

/** The file of a blocked run's record that says what a person decided about it (menusync serve). */
export const DECISION_FILE = 'decision.json';

export const RunDecision = z.object({
  action: z.enum(['approve', 'reject']),
  /** The token's name, or the name a manager gave on a signed link. */
  by: z.string(),
  via: z.enum(['token', 'link']),
  at: z.string(),
  /** The signed link's nonce: the link is used once, and this says which link it was. */
  link: z.string().nullable(),
  /**
   * approve: queued (handed to the workers), applying, then applied, void (the export or live menu
   * changed) or failed; reject: rejected.
   */
  state: z.enum(['queued', 'applying', 'applied', 'void', 'failed', 'rejected']),
  /** The run that applied the plan. */
  appliedRun: z.string().nullable(),
  /** Why the approval is void or failed. */
  reason: z.string().nullable(),
});
export type RunDecision = z.infer<typeof RunDecision>;

/** The decision recorded for a run, or null when none was (or it does not read). */
export async function readDecision(store: TargetStore, runId: string): Promise<RunDecision | null> {
  return parseJsonBytes(RunDecision, await store.readRunFile(runId, DECISION_FILE).catch(() => null));
}

/** Writes the run's decision (a person's, or how applying it ended) into the blocked run's record. */
export async function writeDecision(store: TargetStore, runId: string, decision: RunDecision): Promise<void> {
  await (await store.createRun(runId)).writeJson(DECISION_FILE, decision);
}

/** One line for `menusync history` and the console: who decided what, when, and what came of it. */
export function decisionLine(decision: RunDecision): string {
  const who = decision.via === 'link' ? `${decision.by} (signed link)` : decision.by;
  const verb = decision.action === 'approve' ? 'approved' : 'rejected';
  const what =
    decision.state === 'applied'
      ? `, applied in run ${decision.appliedRun}`
      : decision.state === 'void' || decision.state === 'failed'
        ? `, ${decision.state}: ${decision.reason ?? ''}`
        : decision.state === 'applying'
          ? ', being applied'
          : decision.state === 'queued'
            ? ', queued for a worker'
            : '';
  return `${verb} by ${who} at ${decision.at}${what}`;
}
