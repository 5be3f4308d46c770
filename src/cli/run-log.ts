import { summaryLine } from './present.js';
import { targetLabel, type RunEvent } from '../notify/run-event.js';
import { blockedLine } from '../report/blocked-line.js';
import type { RunReport } from '../report/types.js';
import { redactorOfThisRun } from '../secrets.js';

export type LogFormat = 'text' | 'json';

/**
 * The lines a log collector or a cron mail reads. `json`: one JSON object per line on stderr per
 * event (run_start, run_end, fleet_end), with an ISO timestamp; the human lines are left out.
 * `text` under --quiet: the summary line, with a timestamp and the target, and why a run was blocked.
 */
export interface RunLog {
  json: boolean;
  start(command: 'plan' | 'apply', target: string): void;
  end(event: RunEvent): void;
  event(fields: Record<string, unknown>): void;
}

export function createRunLog(format: LogFormat | undefined): RunLog {
  const redact = redactorOfThisRun();
  const write = (fields: Record<string, unknown>) =>
    process.stderr.write(`${redact(JSON.stringify({ ts: new Date().toISOString(), ...fields }))}\n`);
  const json = format === 'json';
  return {
    json,
    start: (command, target) => {
      if (json) write({ event: 'run_start', command, target });
    },
    end: (event) => {
      if (json) write({ ...event });
    },
    event: (fields) => {
      if (json) write(fields);
    },
  };
}

/**
 * The --quiet summary: `2026-11-25T03:15:02.118Z menusync apply downtown: …`, and why it was
 * blocked. `command` names a run that is not the report's own command (a rollback is an apply).
 */
export function stampedSummary(
  report: RunReport,
  { at = new Date(), command }: { at?: Date; command?: string } = {},
): string {
  const named = report.target.name
    ? report
    : { ...report, target: { ...report.target, name: targetLabel(report) } };
  const why = blockedLine(report);
  return `${at.toISOString()} ${summaryLine(named, command)}${why ? `: ${why}` : ''}`;
}

/** Any other --quiet line, stamped the same way. */
export const stamped = (line: string, at: Date = new Date()): string => `${at.toISOString()} ${line}`;
