import { COUNT_KINDS } from '../plan/counts.js';
import type { Plan, PlanCounts, PlanEntry } from '../plan/types.js';
import { KIND_LABEL, changedEntries, formatChange, formatScope, memoByEntries, yesNo } from './format.js';
import { liveSections } from './live-sections.js';
import { OUTCOME_TEXT } from './outcome.js';
import { reportEntries, rollbackText, type RunReport } from './types.js';
import { escapeInvisible } from '../model/invisible-characters.js';

const DEFAULT_MAX_ITEMS = 200;

const ROW_LABEL: Readonly<Record<keyof PlanCounts, string>> = {
  categories: 'Categories',
  products: 'Products',
  options: 'Options',
  option_values: 'Option values',
};

/**
 * Backslash-escapes what Markdown (and a table cell) would interpret; newlines become spaces;
 * controls and invisible format characters are shown as `\u202E`.
 */
export function escapeMarkdown(text: string): string {
  return escapeInvisible(text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|#~]/g, '\\$&'));
}

function entityItem(entry: PlanEntry): string {
  const scope = formatScope(entry);
  const name = entry.name !== undefined ? ` "${escapeMarkdown(entry.name)}"` : '';
  const where = scope ? ` (in ${escapeMarkdown(scope)})` : '';
  const changes = entry.changes?.length
    ? `: ${entry.changes.map((c) => escapeMarkdown(formatChange(c, '→'))).join(', ')}`
    : '';
  return `- ${KIND_LABEL[entry.kind]} **${escapeMarkdown(entry.ext_id)}**${name}${where}${changes}`;
}

function section(title: string, entries: readonly PlanEntry[], max: number): string[] {
  if (entries.length === 0) return [];
  const items = entries.slice(0, max).map(entityItem);
  if (entries.length > max) items.push(`- … and ${entries.length - max} more (see the JSON report)`);
  return [`### ${title} (${entries.length})`, '', ...items, ''];
}

/** The Added/Changed/Removed lists of a plan's entries, by cap: the bulk of a big plan's report. */
const entrySections = memoByEntries((entries, max): string[] => [
  ...section('Added', changedEntries(entries, 'add'), max),
  ...section('Changed', changedEntries(entries, 'update'), max),
  ...section('Removed', changedEntries(entries, 'remove'), max),
]);

/**
 * Renders a plan's entry lists ahead of its report (apply does it while the import is out, when
 * the outcome is not known yet); renderMarkdown of a report of that same plan object reuses them.
 * The plan must not be changed afterwards (plans are data: nothing changes them).
 */
export function prepareMarkdown(plan: Plan, options: { maxItems?: number } = {}): void {
  entrySections(plan.entries, options.maxItems ?? DEFAULT_MAX_ITEMS);
}

const LIVE_SYMBOL = { add: '+', update: '~', remove: '−' } as const;

/** Offline notice, "changed outside menusync" and a replace against the live menu: before the counts. */
function liveMarkdown(report: RunReport, max: number): string[] {
  const out: string[] = [];
  for (const section of liveSections(report.plan, '→')) {
    if (section.kind === 'offline') {
      out.push('', `> **${escapeMarkdown(section.title)}**`);
      continue;
    }
    const items = section.items
      .slice(0, max)
      .map((item) => `- ${LIVE_SYMBOL[item.action]} ${escapeMarkdown(item.text)}`);
    if (section.items.length > max)
      items.push(`- … and ${section.items.length - max} more (see the JSON report)`);
    out.push('', `### ${escapeMarkdown(section.title)}`, '', ...items);
  }
  return out;
}

/** For a PR comment or an e-mail: counts table, then added, changed and removed entities. */
export function renderMarkdown(report: RunReport, options: { maxItems?: number } = {}): string {
  const max = options.maxItems ?? DEFAULT_MAX_ITEMS;
  const entries = reportEntries(report);
  const target = report.target.name ? `${report.target.name}, ` : '';
  const out = [
    `## menusync ${report.command}: ${report.mode}`,
    '',
    `**Target:** ${escapeMarkdown(`${target}pos_uid ${report.target.posUid}`)}  `,
    `**Mode:** ${report.mode}: ${escapeMarkdown(report.reason)}`,
  ];
  if (report.rollback) out.push('', `**Rollback:** ${escapeMarkdown(rollbackText(report.rollback))}`);
  if (report.blocked) out.push('', `> **Blocked:** ${escapeMarkdown(report.blocked)}`);
  out.push(...liveMarkdown(report, max));
  out.push('', '| | Add | Change | Remove | Keep |', '|---|---:|---:|---:|---:|');
  for (const kind of COUNT_KINDS) {
    const c = report.counts[kind];
    out.push(`| ${ROW_LABEL[kind]} | ${c.add} | ${c.update} | ${c.remove} | ${c.keep} |`);
  }
  out.push('');
  out.push(...entrySections(entries, max));
  if (report.command === 'apply') {
    out.push('### Result', '', `- Outcome: ${escapeMarkdown(OUTCOME_TEXT[report.outcome])}`);
    out.push(`- Applied: ${yesNo(report.applied)} (attempts: ${report.attempts})`);
    out.push(`- Verified: ${yesNo(report.verified)}`);
    for (const detail of report.verification?.details ?? []) out.push(`  - ${escapeMarkdown(detail)}`);
    out.push('');
  }
  if (report.errors.length > 0) {
    out.push('### Errors', '', ...report.errors.map((e) => `- ${escapeMarkdown(e)}`), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
