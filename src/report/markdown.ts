import { COUNT_KINDS } from '../plan/counts.js';
import type { Plan, PlanCounts, PlanEntry, PlanNote } from '../plan/types.js';
import {
  KIND_LABEL,
  NOTES_TITLE,
  changedEntries,
  formatChange,
  formatScope,
  memoByEntries,
  entryWords,
  type EntryWords,
  noteText,
  orderLine,
  shownChanges,
  yesNo,
  entryTitle,
  blockCauses,
} from './format.js';
import { changeHeadline, exportLines, failureLine, localTime, targetLine, troubleWord } from './headline.js';
import { liveSections } from './live-sections.js';
import { OUTCOME_TEXT } from './outcome.js';
import { reportEntries, rollbackText, type RunReport } from './types.js';
import { verificationScopeLines } from './verification-text.js';
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

function entityItem(entry: PlanEntry, words: EntryWords): string {
  const scope = formatScope(entry, words);
  const name = entry.name !== undefined ? ` "${escapeMarkdown(entry.name)}"` : '';
  const where = scope ? ` (in ${escapeMarkdown(scope)})` : '';
  const shown = shownChanges(entry);
  const changes = shown.length
    ? `: ${shown.map((c) => escapeMarkdown(formatChange(c, '→', words.currency))).join(', ')}`
    : '';
  return `- ${KIND_LABEL[entry.kind]} **${escapeMarkdown(entry.ext_id)}**${name}${where}${changes}`;
}

function section(title: string, entries: readonly PlanEntry[], max: number, words: EntryWords): string[] {
  if (entries.length === 0) return [];
  const items = entries.slice(0, max).map((entry) => entityItem(entry, words));
  if (entries.length > max) items.push(`- … and ${entries.length - max} more (see the JSON report)`);
  return [`### ${title} (${entries.length})`, '', ...items, ''];
}

/**
 * The Changed/Removed/Added lists of a plan's entries, by cap: the bulk of a big plan's report.
 * Worded as done once applied, as "Would …" otherwise; each wording is kept apart.
 */
const sectionsWorded = (applied: boolean) =>
  memoByEntries((entries, max, words): string[] =>
    (['update', 'remove', 'add'] as const).flatMap((action) =>
      section(entryTitle(action, applied), changedEntries(entries, action), max, words),
    ),
  );
const entrySections = { applied: sectionsWorded(true), planned: sectionsWorded(false) };

/**
 * Renders a plan's entry lists ahead of its report (apply does it while the import is out, when
 * the outcome is not known yet); renderMarkdown of a report of that same plan object reuses them.
 * The plan must not be changed afterwards (plans are data: nothing changes them).
 */
export function prepareMarkdown(plan: Plan, options: { maxItems?: number } = {}): void {
  // Ahead of an import, whose report says what it did when it succeeds.
  entrySections.applied(plan.entries, options.maxItems ?? DEFAULT_MAX_ITEMS, entryWords(plan));
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

/** What the extraction decided (sale prices, a fallback category), capped like the entry lists. */
function notesMarkdown(notes: readonly PlanNote[], max: number): string[] {
  if (notes.length === 0) return [];
  const items = notes.slice(0, max).map((note) => `- ${escapeMarkdown(noteText(note))}`);
  if (notes.length > max) items.push(`- … and ${notes.length - max} more (see the JSON report)`);
  return [`### ${NOTES_TITLE} (${notes.length})`, '', ...items, ''];
}

/** For a PR comment or an e-mail: counts table, then added, changed and removed entities. */
export function renderMarkdown(report: RunReport, options: { maxItems?: number } = {}): string {
  const max = options.maxItems ?? DEFAULT_MAX_ITEMS;
  const entries = reportEntries(report);
  const trouble = troubleWord(report);
  const when = report.finishedAt ?? report.startedAt;
  const out = [
    `## menusync ${report.command}${trouble ? ` ${trouble}` : ''}: ${escapeMarkdown(changeHeadline(report))}`,
    '',
  ];
  const failure = failureLine(report);
  if (failure) out.push(`> **${escapeMarkdown(failure)}**`, '');
  out.push(
    `**Target:** ${escapeMarkdown(targetLine(report.target))}  `,
    ...(when ? [`**Time:** ${escapeMarkdown(localTime(when))}  `] : []),
    ...exportLines(report.plan).map((line) => `**Export:** ${escapeMarkdown(line)}  `),
    `**Mode:** ${report.mode}: ${escapeMarkdown(report.reason)}`,
  );
  if (report.rollback) out.push('', `**Rollback:** ${escapeMarkdown(rollbackText(report.rollback))}`);
  if (report.blocked) {
    out.push('', `> **Blocked:** ${escapeMarkdown(report.blocked)}`);
    for (const cause of blockCauses(report)) out.push('>', `> ${escapeMarkdown(cause)}`);
  }
  out.push(...liveMarkdown(report, max));
  out.push('', '| | Change | Remove | Add | Move | Keep |', '|---|---:|---:|---:|---:|---:|');
  for (const kind of COUNT_KINDS) {
    const c = report.counts[kind];
    const keep = c.keep + (c.reorder ?? 0);
    out.push(`| ${ROW_LABEL[kind]} | ${c.update} | ${c.remove} | ${c.add} | ${c.moved ?? 0} | ${keep} |`);
  }
  out.push('');
  out.push(...notesMarkdown(report.plan.notes ?? [], max));
  out.push(...entrySections[report.applied ? 'applied' : 'planned'](entries, max, entryWords(report.plan)));
  const order = orderLine(entries, report.counts);
  if (order) out.push(escapeMarkdown(order), '');
  if (report.command === 'apply') {
    out.push('### Result', '', `- Outcome: ${escapeMarkdown(OUTCOME_TEXT[report.outcome])}`);
    out.push(`- Applied: ${yesNo(report.applied)} (attempts: ${report.attempts})`);
    out.push(`- Verified: ${yesNo(report.verified)}`);
    for (const detail of report.verification?.details ?? []) out.push(`  - ${escapeMarkdown(detail)}`);
    if (report.verification) {
      for (const line of verificationScopeLines(report.verification)) out.push(`  - ${escapeMarkdown(line)}`);
    }
    out.push('');
  }
  if (report.errors.length > 0) {
    out.push('### Errors', '', ...report.errors.map((e) => `- ${escapeMarkdown(e)}`), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
