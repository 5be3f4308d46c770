import type { PlanCounts } from '../plan/types.js';
import type { TargetQueueStatus } from './fleet-status.js';

const HEADERS = ['TARGET', 'LAST RUN', 'RESULT', 'WORKER', 'NOW', 'NEXT SCHEDULED'] as const;

/**
 * `fleet status` as a table, one line per target, then the targets that need a person with the
 * error that stopped them. Computes nothing: every value comes from fleetStatus.
 */
export function renderQueueStatus(targets: readonly TargetQueueStatus[]): string {
  const rows = targets.map((target) => [
    target.target + (target.enabled ? '' : ' (disabled)'),
    target.lastRun ? shortTime(target.lastRun.finishedAt) : 'never',
    target.lastRun ? result(target.lastRun) : '-',
    target.lastRun?.worker ?? '-',
    target.current ? now(target.current) : '-',
    target.nextScheduled ? shortTime(target.nextScheduled) : '-',
  ]);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  const lines = [line(HEADERS), ...rows.map(line)];
  const attention = targets.filter((target) => target.needsPerson || target.lastRun?.state === 'failed');
  if (attention.length > 0) {
    lines.push('', 'Needs a person:');
    for (const target of attention)
      lines.push(`  ${target.target}: ${target.lastError ?? `exit ${target.lastRun?.exit ?? '?'}`}`);
  }
  return `${lines.join('\n')}\n`;
}

function result(run: NonNullable<TargetQueueStatus['lastRun']>): string {
  const counts = run.counts ? ` ${short(run.counts)}` : '';
  const mode = run.mode ? ` ${run.mode}${counts}` : '';
  return `${run.state}${mode} (exit ${run.exit ?? '?'})`;
}

function short(counts: PlanCounts): string {
  const kinds = Object.values(counts);
  const sum = (action: 'add' | 'update' | 'remove') => kinds.reduce((total, c) => total + c[action], 0);
  return `+${sum('add')} ~${sum('update')} -${sum('remove')}`;
}

function now(current: NonNullable<TargetQueueStatus['current']>): string {
  if (current.state === 'running') return `running on ${current.worker ?? '?'}`;
  return current.state === 'queued' ? 'queued' : `retrying (attempt ${current.attempts + 1})`;
}

/** 2026-11-25T17:40:34.123Z -> 2026-11-25 17:40:34Z */
function shortTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}Z`;
}
