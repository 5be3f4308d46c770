import path from 'node:path';
import { escapeHtml } from '../report/html.js';
import { shellWord } from '../report/shell-word.js';
import { isStateUrl } from '../state/target.js';
import type { FleetReport } from './fleet-report.js';
import { TABLE_HEAD, stoppedText, summaryText, tableRow } from './fleet-report.js';

// Self-contained like a run's own report: opened from disk or an e-mail, it loads nothing.
const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2327;margin:2rem auto;max-width:80rem;padding:0 1rem}
h1{font-size:1.5rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}tr.failed td,tr.blocked td,tr.locked td,tr.errors td{background:#fde8e8}
`;

/**
 * The fleet report as one HTML page: the summary, then one row per target with a link to the
 * target's own report. Links are relative to `dir` (the folder the page is written to), so a
 * folder moved or copied with its state keeps working.
 */
export function renderFleetHtml(report: FleetReport, dir: string): string {
  const rows = report.targets.map((entry) => {
    const cells = tableRow(entry, report.command).map((text) => `<td>${escapeHtml(text)}</td>`);
    const link = entry.report ? reportCell(dir, entry.report) : '';
    // An applied target with an error after the import (exit 1) is marked as the failures are.
    const rowClass = entry.status === 'applied' && entry.exit !== 0 ? 'applied errors' : entry.status;
    return `<tr class="${rowClass}">${cells.join('')}<td>${link}</td></tr>`;
  });
  const head = [...TABLE_HEAD, 'report'].map((name) => `<th>${escapeHtml(name)}</th>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>menusync ${report.command}: fleet</title><style>${STYLE}</style></head>
<body>
<h1>menusync ${report.command}: fleet of ${report.summary.total} targets</h1>
<p>${escapeHtml(summaryText(report.summary, report.command))}; started ${escapeHtml(report.startedAt)}, exit ${report.exit}.</p>
${report.stopped ? `<p><strong>${escapeHtml(stoppedText(report))}</strong></p>\n` : ''}<table><thead><tr>${head}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</body></html>
`;
}

/** A file: a link. A report in a database state: the command that shows it (a page cannot link there). */
function reportCell(dir: string, report: string): string {
  if (isStateUrl(report)) return `<code>menusync report show ${escapeHtml(shellWord(report))}</code>`;
  return `<a href="${escapeHtml(relativeLink(dir, report))}">report</a>`;
}

function relativeLink(dir: string, file: string): string {
  return path
    .relative(dir, path.resolve(file))
    .split(path.sep)
    .map((part) => encodeURIComponent(part))
    .join('/');
}
