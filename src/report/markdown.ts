import { COUNT_KINDS } from '../plan/counts.js';
import type { PlanCounts, PlanEntry } from '../plan/types.js';
import { KIND_LABEL, changedEntries, formatChange, formatScope, yesNo } from './format.js';
import { reportEntries, type RunReport } from './types.js';

const ROW_LABEL: Readonly<Record<keyof PlanCounts, string>> = {
  categories: 'Categories',
  products: 'Products',
  options: 'Options',
  option_values: 'Option values',
};

/** Backslash-escapes what Markdown (and a table cell) would interpret; newlines become spaces. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|#~]/g, '\\$&');
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

/** For a PR comment or an e-mail: counts table, then added, changed and removed entities. */
export function renderMarkdown(report: RunReport, options: { maxItems?: number } = {}): string {
  const max = options.maxItems ?? 200;
  const entries = reportEntries(report);
  const target = report.target.name ? `${report.target.name}, ` : '';
  const out = [
    `## menusync ${report.command}: ${report.mode}`,
    '',
    `**Target:** ${escapeMarkdown(`${target}pos_uid ${report.target.posUid}`)}  `,
    `**Mode:** ${report.mode}: ${escapeMarkdown(report.reason)}`,
  ];
  if (report.blocked) out.push('', `> **Blocked:** ${escapeMarkdown(report.blocked)}`);
  out.push('', '| | Add | Change | Remove | Keep |', '|---|---:|---:|---:|---:|');
  for (const kind of COUNT_KINDS) {
    const c = report.counts[kind];
    out.push(`| ${ROW_LABEL[kind]} | ${c.add} | ${c.update} | ${c.remove} | ${c.keep} |`);
  }
  out.push('');
  out.push(...section('Added', changedEntries(entries, 'add'), max));
  out.push(...section('Changed', changedEntries(entries, 'update'), max));
  out.push(...section('Removed', changedEntries(entries, 'remove'), max));
  if (report.command === 'apply') {
    out.push('### Result', '', `- Applied: ${yesNo(report.applied)} (attempts: ${report.attempts})`);
    out.push(`- Verified: ${yesNo(report.verified)}`);
    for (const detail of report.verification?.details ?? []) out.push(`  - ${escapeMarkdown(detail)}`);
    out.push('');
  }
  if (report.errors.length > 0) {
    out.push('### Errors', '', ...report.errors.map((e) => `- ${escapeMarkdown(e)}`), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
