import type { Plan } from '../../plan/types.js';
import type { RunError, RunOutcome } from '../../report/outcome.js';
import type { Verification } from '../../report/types.js';
import type { RunRecord } from '../../state/run-history.js';
import type { ApplyOutcome, ApplyRequest } from '../apply-request.js';
import { buildRunReport, prepareRunFiles, writeRunReports } from './run-report.js';
import type { SendProgress } from '../4-send/send-plan.js';

/** How a run ended, as far as the step that ended it knows. */
export interface RunEnding {
  outcome: RunOutcome;
  applied: boolean;
  send: SendProgress | undefined;
  verification: Verification | null;
  errors: RunError[];
}

/** The two writes every run ends with: plan.json (once) and the run's report. */
export interface RunFinish {
  /** plan.json with the report sections that do not depend on the outcome; written once, however often asked. */
  writePlanJson: () => Promise<void>;
  /** Writes plan.json if not yet done, then the report; hands the outcome to onFinish and returns it. */
  finish: (ending: Partial<RunEnding>) => Promise<ApplyOutcome>;
}

/**
 * A run that sends writes plan.json while the import request is out (this process only waits
 * then), any other run when it finishes. Once either way.
 */
export function runFinish(context: {
  record: RunRecord;
  request: ApplyRequest;
  plan: Plan;
  startedAt: Date;
  now: () => Date;
  onFinish: ((outcome: ApplyOutcome) => void) | undefined;
}): RunFinish {
  const { record, plan } = context;
  let planWritten: Promise<void> | undefined;
  const writePlanJson = (): Promise<void> =>
    (planWritten ??= (async () => {
      await record.write('plan.json', [prepareRunFiles(plan), '\n']);
    })());
  const finish = async (ending: Partial<RunEnding>): Promise<ApplyOutcome> => {
    // A plan.json that failed during the import's wait has failed the send already (sendPlan
    // throws it, and the caller rethrows after this): the run's report is still written.
    await writePlanJson().catch((error: unknown) => {
      if (!ending.send) throw error;
    });
    const outcome = await writeOutcome(context, ending);
    context.onFinish?.(outcome);
    return outcome;
  };
  return { writePlanJson, finish };
}

async function writeOutcome(
  context: { record: RunRecord; request: ApplyRequest; plan: Plan; startedAt: Date; now: () => Date },
  ending: Partial<RunEnding>,
): Promise<ApplyOutcome> {
  const { record, plan } = context;
  const send = ending.send;
  const responses = send ? record.writeJson('response.json', send.responses) : undefined;
  const report = buildRunReport({
    command: 'apply',
    target: context.request.target,
    plan,
    applied: ending.applied ?? false,
    verification: ending.verification ?? null,
    attempts: send?.attempts ?? 0,
    errors: ending.errors ?? [],
    ...(ending.outcome ? { outcome: ending.outcome } : {}),
    startedAt: context.startedAt.toISOString(),
    finishedAt: context.now().toISOString(),
  });
  const [reports] = await Promise.all([writeRunReports(record, report), responses]);
  return {
    runId: record.id,
    runDir: record.dir,
    outcome: report.outcome,
    plan,
    applied: ending.applied ?? false,
    verification: ending.verification ?? null,
    attempts: send?.attempts ?? 0,
    requests: send?.responses.length ?? 0,
    report,
    reports,
  };
}
