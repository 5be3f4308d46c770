import { formatLocation, type DataIssue } from '../model/data-issue.js';
import type { ExtractResult, InputRead } from './types.js';
import { countOf } from '../plural.js';

/** Counts of what extract produced, one line for the terminal. */
export function summaryLine(result: ExtractResult): string {
  const s = result.stats;
  const skipped = result.skipped.reduce((n, x) => n + x.count, 0);
  const reasons = result.skipped.map((x) => `${x.reason} ${x.count}`).join(', ');
  return (
    `${countOf(s.rows, 'row')} -> ${countOf(s.categories, 'category', 'categories')}, ` +
    `${countOf(s.products, 'product')}, ${countOf(s.options, 'option')}, ` +
    `${countOf(s.option_values, 'option value')}; skipped ${skipped}${reasons ? ` (${reasons})` : ''}; ` +
    `${countOf(s.warnings, 'warning')}, ${countOf(s.errors, 'error')}` +
    encodingsRead(result.inputs)
  );
}

/**
 * `; encoding utf-8 (only ASCII bytes)`, or with several inputs each file's: the encoding chosen
 * and why, so a wrong guess is visible in the one line a cron mail shows. XLSX inputs have none.
 */
export function encodingsRead(inputs: readonly InputRead[]): string {
  const read = inputs.filter((input) => input.encoding !== undefined);
  if (read.length === 0) return '';
  const one = (input: InputRead) => `${input.encoding} (${input.encodingReason ?? 'given'})`;
  if (read.length === 1 && inputs.length === 1) return `; encoding ${one(read[0] as InputRead)}`;
  return `; encodings ${read.map((input) => `${input.file} ${one(input)}`).join(', ')}`;
}

/**
 * Every problem, grouped by severity and code (errors first) with a count heading each group.
 * Nothing is capped: a problem left out of the listing is a row the user cannot find, and in a
 * replace import a dropped row deletes a live product. The counts keep a long listing scannable.
 */
export function issueReport(issues: readonly DataIssue[]): string[] {
  const groups = new Map<string, DataIssue[]>();
  for (const issue of issues) {
    const key = `${issue.severity} ${issue.code}`;
    const list = groups.get(key);
    if (list) list.push(issue);
    else groups.set(key, [issue]);
  }
  const ordered = [...groups].sort(([a], [b]) =>
    a.startsWith('error') === b.startsWith('error') ? 0 : a.startsWith('error') ? -1 : 1,
  );
  const lines: string[] = [];
  for (const [key, list] of ordered) {
    lines.push(`${key}: ${list.length}`);
    for (const issue of list) {
      const where = formatLocation(issue.location);
      lines.push(`  ${where ? `${where}: ` : ''}${issue.message}`);
    }
  }
  return lines;
}
