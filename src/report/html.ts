import { COUNT_KINDS } from '../plan/counts.js';
import type { FieldChange, Plan, PlanEntry, PlanNote } from '../plan/types.js';
import {
  KIND_LABEL,
  NOTES_TITLE,
  changedEntries,
  customerText,
  formatChange,
  formatScope,
  formatFieldValue,
  memoByEntries,
  entryWords,
  type EntryWords,
  noteText,
  orderLine,
  priceDirection,
  shownChanges,
  yesNo,
  entryTitle,
  blockCauses,
} from './format.js';
import {
  changeHeadline,
  exportLines,
  failureLine,
  localTime,
  reportTitle,
  targetLine,
  troubleWord,
} from './headline.js';
import { liveSections } from './live-sections.js';
import { OUTCOME_TEXT } from './outcome.js';
import { reportEntries, rollbackText, type RunReport } from './types.js';
import { verificationScopeLines } from './verification-text.js';
import { escapeInvisible } from '../model/invisible-characters.js';

const HTML_SPECIAL = /[&<>"']/;

/** Text into HTML text or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  // Most texts of a report (names, ids, numbers) hold none of the five: one scan, no copies.
  if (!HTML_SPECIAL.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Inline and self-contained on purpose: the file is opened from disk or an e-mail, offline,
// so it loads nothing (no fonts, images, scripts or links to anywhere).
const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2327;margin:2rem auto;max-width:70rem;padding:0 1rem}
h1{font-size:1.5rem;margin-bottom:.25rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.n{text-align:right}
.status{padding:.6rem .8rem;border-radius:.3rem;background:#eef6ee}.status.blocked{background:#fde8e8;color:#8a1c1c}
h1.trouble{color:#8a1c1c}.status.trouble{background:#b42318;color:#fff;font-weight:600}
.add{color:#1a7f37}.remove{color:#b42318}.up{color:#b42318;font-weight:600}.down{color:#1a7f37;font-weight:600}
.muted{color:#57606a}
`;

const DEFAULT_MAX_ROWS = 2000;

const cell = (text: string, cls = ''): string =>
  `<td${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</td>`;

/** A cell of text as written in the menu (names, field values): an Arabic or Hebrew name reads right to left. */
const textCell = (text: string, cls = ''): string =>
  `<td dir="auto"${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</td>`;

function table(head: string[], rows: string[]): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

function capped(entries: readonly PlanEntry[], max: number): [PlanEntry[], string] {
  const more =
    entries.length > max
      ? `<p class="muted">… and ${entries.length - max} more (see the JSON report).</p>`
      : '';
  return [entries.slice(0, max), more];
}

function entityCells(entry: PlanEntry, words: EntryWords): string {
  return (
    cell(KIND_LABEL[entry.kind]) +
    cell(entry.ext_id) +
    textCell(escapeInvisible(entry.name ?? '')) +
    cell(formatScope(entry, words))
  );
}

function listSection(
  title: string,
  cls: string,
  entries: readonly PlanEntry[],
  max: number,
  words: EntryWords,
): string {
  if (entries.length === 0) return '';
  const [shown, more] = capped(entries, max);
  const rows = shown.map((e) => `<tr class="${cls}">${entityCells(e, words)}</tr>`);
  return `<h2>${escapeHtml(title)} (${entries.length})</h2>\n${table(['What', 'ID', 'Name', 'Where'], rows)}${more}`;
}

/** What the extraction decided (sale prices, a fallback category), capped like the entry tables. */
function notesHtml(notes: readonly PlanNote[], max: number): string {
  if (notes.length === 0) return '';
  const items = notes.slice(0, max).map((note) => `<li>${escapeHtml(noteText(note))}</li>`);
  const more =
    notes.length > max ? `<p class="muted">… and ${notes.length - max} more (see the JSON report).</p>` : '';
  return `<h2>${escapeHtml(NOTES_TITLE)} (${notes.length})</h2>\n<ul>${items.join('')}</ul>${more}`;
}

function changeRow(entry: PlanEntry, change: FieldChange, words: EntryWords): string {
  const direction = priceDirection(change);
  const arrow = direction === 'up' ? ' ▲' : direction === 'down' ? ' ▼' : '';
  const { currency } = words;
  const [field, before, after] = change.implicit
    ? ['order', formatChange(change), '']
    : [
        change.detail ? formatChange(change) : change.field,
        formatFieldValue(change.field, change.old, currency),
        formatFieldValue(change.field, change.new, currency) + arrow + customerText(change, '→', currency),
      ];
  // Text values (a renamed product) as written; numbers and flags need no direction.
  const value = typeof change.old === 'string' || typeof change.new === 'string' ? textCell : cell;
  return `<tr>${entityCells(entry, words)}${cell(field)}${value(before)}${value(after, direction ?? '')}</tr>`;
}

function changedSection(
  title: string,
  entries: readonly PlanEntry[],
  max: number,
  words: EntryWords,
): string {
  if (entries.length === 0) return '';
  const [shown, more] = capped(entries, max);
  const rows = shown.flatMap((e) => shownChanges(e).map((c) => changeRow(e, c, words)));
  const head = ['What', 'ID', 'Name', 'Where', 'Field', 'Before', 'After'];
  return `<h2>${escapeHtml(title)} (${entries.length})</h2>\n${table(head, rows)}${more}`;
}

function countsTable(report: RunReport): string {
  const rows = COUNT_KINDS.map((kind) => {
    const c = report.counts[kind];
    const label = kind === 'option_values' ? 'Option values' : kind[0]!.toUpperCase() + kind.slice(1);
    const numbers = [c.update, c.remove, c.add, c.moved ?? 0, c.keep + (c.reorder ?? 0)];
    return `<tr>${cell(label)}${numbers.map((n) => cell(String(n), 'n')).join('')}</tr>`;
  });
  return table(['', 'Changed', 'Removed', 'Added', 'Moved', 'Unchanged'], rows);
}

function resultSection(report: RunReport): string {
  if (report.command !== 'apply' && report.errors.length === 0) return '';
  const items = [
    ...(report.command === 'apply' ? [`Outcome: ${OUTCOME_TEXT[report.outcome]}`] : []),
    `Applied: ${yesNo(report.applied)} (attempts: ${report.attempts})`,
    `Verified: ${report.verification?.status ?? yesNo(report.verified)}`,
    ...(report.verification?.details ?? []),
    ...(report.verification ? verificationScopeLines(report.verification) : []),
    ...report.errors.map((e) => `Error: ${e}`),
  ];
  return `<h2>Result</h2>\n<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

const LIVE_CLASS = { add: 'add', update: '', remove: 'remove' } as const;

/** Offline notice, "changed outside menusync" and a replace against the live menu: first on the page. */
function liveHtml(report: RunReport, max: number): string[] {
  return liveSections(report.plan, '→').map((section) => {
    if (section.kind === 'offline') return `<p class="status blocked">${escapeHtml(section.title)}</p>`;
    const items = section.items
      .slice(0, max)
      .map((item) => `<li class="${LIVE_CLASS[item.action]}">${escapeHtml(item.text)}</li>`);
    const more =
      section.items.length > max
        ? `<p class="muted">… and ${section.items.length - max} more (see the JSON report).</p>`
        : '';
    return `<h2>${escapeHtml(section.title)}</h2>\n<ul>${items.join('')}</ul>${more}`;
  });
}

/**
 * The Changed/Removed/Added tables of a plan's entries, by cap: the bulk of a big plan's page.
 * Changes come first, prices at their top (changedEntries), as a customer notices them.
 */
const sectionsWorded = (applied: boolean) =>
  memoByEntries((entries, max, words): string[] => [
    changedSection(entryTitle('update', applied), changedEntries(entries, 'update'), max, words),
    listSection(entryTitle('remove', applied), 'remove', changedEntries(entries, 'remove'), max, words),
    listSection(entryTitle('add', applied), 'add', changedEntries(entries, 'add'), max, words),
  ]);
/** Worded as done once applied, as "Would …" otherwise (a plan, a blocked or failed run). */
const entrySections = { applied: sectionsWorded(true), planned: sectionsWorded(false) };

/**
 * Renders a plan's entry tables ahead of its report (apply does it while the import is out, when
 * the outcome is not known yet); renderHtml of a report of that same plan object reuses them.
 * The plan must not be changed afterwards (plans are data: nothing changes them).
 */
export function prepareHtml(plan: Plan, options: { maxRows?: number } = {}): void {
  // Ahead of an import, whose report says what it did when it succeeds.
  entrySections.applied(plan.entries, options.maxRows ?? DEFAULT_MAX_ROWS, entryWords(plan));
}

/** A self-contained page for a restaurant manager: what was added, changed (prices up/down) and removed. */
export function renderHtml(report: RunReport, options: { maxRows?: number } = {}): string {
  const max = options.maxRows ?? DEFAULT_MAX_ROWS;
  const entries = reportEntries(report);
  const trouble = troubleWord(report);
  const failure = failureLine(report);
  const when = report.finishedAt ?? report.startedAt;
  const status = report.blocked
    ? `<p class="status blocked">${[`Blocked: ${report.blocked}`, ...blockCauses(report)].map(escapeHtml).join('<br>')}</p>`
    : `<p class="status">${escapeHtml(`Mode: ${report.mode} (${report.reason})`)}</p>`;
  const order = orderLine(entries, report.counts);
  const heading = `Menu ${report.command === 'apply' ? 'update' : 'plan'}${trouble ? ` ${trouble}` : ''}: ${changeHeadline(report)}`;
  const body = [
    `<h1${trouble ? ' class="trouble"' : ''}>${escapeHtml(heading)}</h1>`,
    `<p class="muted">${escapeHtml(targetLine(report.target))}${when ? ` · ${escapeHtml(localTime(when))}` : ''}</p>`,
    ...exportLines(report.plan).map((line) => `<p class="muted">Export: ${escapeHtml(line)}</p>`),
    ...(failure ? [`<p class="status trouble">${escapeHtml(failure)}</p>`] : []),
    ...liveHtml(report, max),
    status,
    ...(report.rollback
      ? [`<p class="status">${escapeHtml(`Rollback: ${rollbackText(report.rollback)}`)}</p>`]
      : []),
    countsTable(report),
    notesHtml(report.plan.notes ?? [], max),
    ...entrySections[report.applied ? 'applied' : 'planned'](entries, max, entryWords(report.plan)),
    ...(order ? [`<p>${escapeHtml(order)}</p>`] : []),
    resultSection(report),
  ].filter((part) => part !== '');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(reportTitle(report))}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
