import { blockedLine } from '../report/blocked-line.js';
import { escapeMarkdown } from '../report/markdown.js';
import { displayWidth, padEndDisplay } from '../display-width.js';
import type { FleetEntry, FleetSummary } from './fleet-entry.js';
import type { FleetResult } from './run-fleet.js';

/** A fleet run's report: data, rendered by the functions below (which compute nothing). */
export interface FleetReport {
  formatVersion: 1;
  command: 'plan' | 'apply';
  startedAt: string;
  finishedAt: string;
  exit: number;
  targets: FleetEntry[];
  summary: FleetSummary;
  /** A fleet stopped by a signal: `targets` holds the done ones; these never finished. */
  stopped?: FleetStopInfo;
}

export interface FleetStopInfo {
  signal: string;
  interrupted: string[];
  notStarted: string[];
}

export function buildFleetReport(
  command: 'plan' | 'apply',
  result: FleetResult,
  startedAt: Date,
  finishedAt: Date,
  stopped?: FleetStopInfo,
): FleetReport {
  return {
    formatVersion: 1,
    command,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    exit: result.exit,
    targets: result.entries,
    summary: result.summary,
    ...(stopped ? { stopped } : {}),
  };
}

/** `stopped by SIGTERM: done (1), interrupted (1): north, not started (2): south, east`; '' when not stopped. */
export function stoppedText(report: FleetReport): string {
  const stopped = report.stopped;
  if (!stopped) return '';
  const list = (names: string[]) => `(${names.length})${names.length > 0 ? `: ${names.join(', ')}` : ''}`;
  return `stopped by ${stopped.signal}: done (${report.targets.length}), interrupted ${list(stopped.interrupted)}, not started ${list(stopped.notStarted)}`;
}

/** `--json`: `{"targets": [...], "summary": {...}}` plus the command, times and the fleet's exit code. */
export function renderFleetJson(report: FleetReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Every kind added, updated, removed, as `+3 ~1 -0`; "-" when the run never got to a plan. */
export function shortCounts(entry: FleetEntry): string {
  if (!entry.counts) return '-';
  const sum = (action: 'add' | 'update' | 'remove') =>
    Object.values(entry.counts!).reduce((total, kind) => total + kind[action], 0);
  return `+${sum('add')} ~${sum('update')} -${sum('remove')}`;
}

export const yesNoDash = (value: boolean | null): string => (value === null ? '-' : value ? 'yes' : 'no');

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Why a target did not succeed, one line: its block, else its first error. */
export function entryProblem(entry: FleetEntry): string {
  // The guard, its numbers and the first cut row, as the single-target --quiet line and webhooks say it.
  if (entry.status === 'blocked' && entry.blocked) return `blocked: ${blockedLine(entry) ?? entry.blocked}`;
  return entry.errors[0] ?? '';
}

export const TABLE_HEAD = ['target', 'status', 'mode', 'counts', 'applied', 'verified', 'time', 'error'];

export function tableRow(entry: FleetEntry, command: 'plan' | 'apply'): string[] {
  return [
    entry.target,
    entry.status,
    entry.mode ?? '-',
    shortCounts(entry),
    yesNoDash(command === 'plan' ? null : entry.applied),
    yesNoDash(entry.verified),
    seconds(entry.ms),
    entryProblem(entry),
  ];
}

export function summaryText(summary: FleetSummary, command: 'plan' | 'apply'): string {
  const parts = [
    `${summary.total} targets`,
    command === 'apply' ? appliedText(summary) : `${summary.changes} with changes`,
    `${summary.unchanged} unchanged`,
    `${summary.blocked} blocked`,
    `${summary.locked} locked`,
    `${summary.failed} failed`,
  ];
  return `${parts.join(', ')} in ${seconds(summary.ms)}`;
}

function appliedText(summary: FleetSummary): string {
  const withErrors = summary.appliedWithErrors > 0 ? ` (${summary.appliedWithErrors} with errors)` : '';
  return `${summary.applied} applied${withErrors}`;
}

/** The summary table for a terminal or a log, columns padded to their widest cell. */
export function renderFleetTable(report: FleetReport): string {
  const rows = [TABLE_HEAD, ...report.targets.map((entry) => tableRow(entry, report.command))];
  const widths = TABLE_HEAD.map((_, i) => Math.max(...rows.map((row) => displayWidth(row[i]!))));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : padEndDisplay(cell, widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  const stopped = stoppedText(report);
  return `${lines.join('\n')}\n\n${summaryText(report.summary, report.command)}\n${stopped ? `${stopped}\n` : ''}`;
}

export function renderFleetMarkdown(report: FleetReport): string {
  const cell = (text: string) => escapeMarkdown(text) || ' ';
  const lines = [
    `# menusync ${report.command}: fleet of ${report.summary.total} targets`,
    '',
    `${summaryText(report.summary, report.command)}; started ${report.startedAt}, exit ${report.exit}.`,
    '',
    ...(report.stopped ? [`**${escapeMarkdown(stoppedText(report))}**`, ''] : []),
    `| ${TABLE_HEAD.join(' | ')} |`,
    `|${TABLE_HEAD.map(() => ' --- ').join('|')}|`,
    ...report.targets.map((entry) => `| ${tableRow(entry, report.command).map(cell).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}
