import { blockedLine } from '../report/blocked-line.js';
import type { NotifyOutcome } from '../config/notify-schema.js';
import type { ExitCode } from '../errors.js';
import type { PlanCounts } from '../plan/types.js';
import type { RunReport } from '../report/types.js';
import { redact } from '../secrets.js';

/**
 * How one target's run ended, as a log line (--log-format json) and a webhook body show it. Plain
 * data, never a secret: errors pass through redact().
 */
export interface RunEvent {
  event: 'run_end';
  /** ISO 8601, UTC. */
  ts: string;
  command: 'plan' | 'apply';
  target: string;
  /** The report's outcome (applied, none, blocked, failed, cancelled, uncertain, planned), or locked. */
  outcome: string;
  /** What a notification is about: failed, blocked, drift and applied; [] for an unchanged run. */
  classes: NotifyOutcome[];
  exit: ExitCode;
  mode: string | null;
  counts: PlanCounts | null;
  attempts: number;
  /** One line: which guard and its numbers, when a guard blocked the run. */
  blocked: string | null;
  errors: string[];
  runId?: string;
  report?: string;
  /** A blocked run's signed link to approve or reject it in the console (approval-link.ts). */
  approval?: string;
  /** The run a worker made to apply a person's approval: which blocked run, and what came of it. */
  decision?: ApprovalNote;
}

/** What a webhook is told of an approval the workers applied (or found void). */
export interface ApprovalNote {
  /** The blocked run whose kept plan was approved. */
  blockedRun: string;
  /** applied, void or failed. */
  state: string;
  /** As `menusync history` says it: who approved, when, and what came of it. */
  line: string;
}

/** The target as a log reader knows it: the config name, else the platform and client. */
export function targetLabel(report: Pick<RunReport, 'target'> | undefined, name?: string): string {
  const target = report?.target;
  if (name ?? target?.name) return (name ?? target?.name)!;
  if (target?.baseUrl) return `${target.baseUrl} (client ${target.clientId ?? '?'})`;
  return 'unnamed target';
}

/** The notify classes of a run: one may be both drift and applied. */
export function eventClasses(
  report: RunReport | undefined,
  exit: ExitCode,
  locked: boolean,
): NotifyOutcome[] {
  if (!report) return exit === 0 ? [] : ['failed'];
  if (locked) return ['failed'];
  const classes: NotifyOutcome[] = [];
  const liveDrift = 'drift' in report.plan && (report.plan.drift?.length ?? 0) > 0;
  switch (report.outcome) {
    case 'blocked':
      classes.push('blocked');
      break;
    case 'failed':
    case 'cancelled':
      classes.push('failed');
      break;
    case 'uncertain':
      classes.push(report.applied ? 'drift' : 'failed');
      break;
    case 'applied':
      if (report.verified === false) classes.push('drift');
      if (exit !== 0) classes.push('failed');
      break;
  }
  if (liveDrift && !classes.includes('drift')) classes.push('drift');
  if (report.applied) classes.push('applied');
  return classes;
}

export interface RunEventInput {
  command: 'plan' | 'apply';
  name?: string | undefined;
  report?: RunReport | undefined;
  exit: ExitCode;
  locked?: boolean;
  errorText?: string | undefined;
  runId?: string | undefined;
  reportFile?: string | undefined;
  at?: Date;
}

export function runEvent(input: RunEventInput): RunEvent {
  const { report, exit } = input;
  const locked = input.locked === true;
  const errors = [...(report?.errors ?? []), ...(input.errorText ? [input.errorText] : [])];
  return {
    event: 'run_end',
    ts: (input.at ?? new Date()).toISOString(),
    command: input.command,
    target: targetLabel(report, input.name),
    outcome: locked ? 'locked' : (report?.outcome ?? 'failed'),
    classes: eventClasses(report, exit, locked),
    exit,
    mode: report?.mode ?? null,
    counts: report?.counts ?? null,
    attempts: report?.attempts ?? 0,
    blocked: blockedLine(report),
    errors: [...new Set(errors)].map((e) => redact(e)),
    ...(input.runId ? { runId: input.runId } : {}),
    ...(input.reportFile ? { report: input.reportFile } : {}),
  };
}
