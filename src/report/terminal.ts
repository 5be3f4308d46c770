import { isVisibleUpdate, summarizeCounts } from '../plan/counts.js';
import type { PlanAction, PlanEntry } from '../plan/types.js';
import {
  ACTION_SYMBOL,
  formatChange,
  formatEntity,
  noticeRank,
  orderLine,
  shownChanges,
  sortByNotice,
  yesNo,
  blockCauses,
} from './format.js';
import { changeHeadline, failureLine } from './headline.js';
import { changeTree, type RootNode } from './tree.js';
import { liveSections } from './live-sections.js';
import { OUTCOME_TEXT } from './outcome.js';
import { reportEntries, rollbackText, type RunReport } from './types.js';
import { verificationScopeLines } from './verification-text.js';
import { countOf } from '../plural.js';

export interface TerminalOptions {
  color: boolean;
  /** Per-entity lines shown before "... and N more" (the JSON report has them all). Default 200. */
  maxLines?: number;
}

const COLORS: Readonly<Record<PlanAction, number>> = { add: 32, update: 33, remove: 31, keep: 2 };

/**
 * Terraform-style text: the summary line, one line per changed entity (options and values nested
 * under their category or product), then the mode and its reason, and the run's outcome.
 */
export function renderTerminal(report: RunReport, options: TerminalOptions): string {
  const paint = (code: number, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const entityLine = (entry: PlanEntry | undefined, fallback: string, depth: number): string => {
    const indent = '    '.repeat(depth);
    if (!entry) return paint(COLORS.keep, `${indent}  ${fallback}`);
    const shown = shownChanges(entry);
    const changes = shown.length ? `: ${shown.map((c) => formatChange(c)).join(', ')}` : '';
    const text = `${indent}${ACTION_SYMBOL[entry.action]} ${formatEntity(entry)}${changes}`;
    return paint(COLORS[entry.action], text);
  };

  const lines: string[] = [];
  const entries = reportEntries(report);
  // An entity whose only change is its position is not listed: the order line says what moved.
  const listed = entries.filter((e) => e.action !== 'update' || isVisibleUpdate(e));
  for (const root of sortByNotice(changeTree(listed), rootRank)) {
    lines.push(entityLine(root.entry, `${root.kind} ${root.ext_id}`, 0));
    for (const option of root.options) {
      lines.push(entityLine(option.entry, `option ${option.ext_id}`, 1));
      for (const value of option.values) lines.push(entityLine(value, '', 2));
    }
  }
  const max = options.maxLines ?? 200;
  const shown = cap(lines, max);
  const order = orderLine(entries, report.counts);
  if (order) shown.push(order);

  // What is live comes first: a plan against a menu changed behind menusync's back reads wrong otherwise.
  // (An offline plan says so on stderr before the report: the CLI prints it.)
  const out: string[] = [];
  // A run that did not do what it set out to says so on its first line, in red.
  const failure = failureLine(report);
  if (failure) out.push(paint(31, failure), '');
  const live = liveSections(report.plan).filter((s) => s.kind !== 'offline');
  for (const section of live) {
    const items = section.items.map((item) =>
      paint(COLORS[item.action], `  ${ACTION_SYMBOL[item.action]} ${item.text}`),
    );
    out.push(`${section.title}:`, ...cap(items, max), '');
  }
  // Below the live sections, the entries are the change from the snapshot: said, so that "no
  // changes" there does not read as "nothing to do" above a replace.
  out.push(
    live.length > 0
      ? `Against the last applied snapshot: ${summarizeCounts(report)}`
      : changeHeadline(report),
  );
  if (shown.length > 0) out.push('', ...shown);
  out.push('', `Plan: ${report.mode} (${report.reason})`);
  if (report.rollback) out.push(`Rollback: ${rollbackText(report.rollback)}`);
  if (report.blocked) {
    out.push(paint(31, `Blocked: ${report.blocked}`));
    for (const cause of blockCauses(report)) out.push(paint(31, `  ${cause}`));
  }
  if (report.command === 'apply') {
    out.push(`Applied: ${yesNo(report.applied)} (${countOf(report.attempts, 'attempt')})`);
    out.push(`Verified: ${verifiedText(report)}`);
    out.push(`Outcome: ${OUTCOME_TEXT[report.outcome]}`);
  }
  for (const error of report.errors) out.push(paint(31, `Error: ${error}`));
  return `${out.join('\n')}\n`;
}

/** A category or product comes as soon as the most noticeable change under it (prices first). */
function rootRank(root: RootNode): PlanEntry | undefined {
  const candidates = [root.entry, ...root.options.flatMap((o) => [o.entry, ...o.values])].filter(
    (e): e is PlanEntry => e !== undefined,
  );
  return candidates.reduce<PlanEntry | undefined>(
    (best, e) => (best === undefined || noticeRank(e) < noticeRank(best) ? e : best),
    undefined,
  );
}

function cap(lines: string[], max: number): string[] {
  return lines.length > max
    ? [...lines.slice(0, max), `... and ${countOf(lines.length - max, 'more line')}`]
    : lines;
}

function verifiedText(report: RunReport): string {
  if (!report.verification) return yesNo(report.verified);
  const { status, details } = report.verification;
  const head = details.length > 0 ? `${status}: ${details.join('; ')}` : status;
  const scope = verificationScopeLines(report.verification);
  return scope.length > 0 ? `${head} (${scope.join('; ')})` : head;
}
