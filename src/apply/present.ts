import { writeFile } from 'node:fs/promises';
import type { Output } from '../cli/output.js';
import type { RunArgs } from '../config/run-options.js';
import { summarizeCounts } from '../plan/counts.js';
import { renderHtml, renderJson, renderMarkdown, renderTerminal } from '../report/index.js';
import type { RunReport } from '../report/types.js';

/** One line for cron logs: what ran, on which target, what changed and how it ended. */
export function summaryLine(report: RunReport): string {
  const target = report.target.name ? ` ${report.target.name}` : '';
  const outcome =
    report.command === 'plan'
      ? report.blocked
        ? 'blocked'
        : 'planned'
      : report.blocked
        ? 'blocked, nothing sent'
        : report.errors.length > 0 && !report.applied
          ? 'failed'
          : report.mode === 'none'
            ? 'nothing to send'
            : `applied, ${report.verified === true ? 'verified' : report.verified === false ? 'DRIFT' : 'not verified'}`;
  return `menusync ${report.command}${target}: ${report.mode}: ${summarizeCounts(report)} (${outcome})`;
}

/** The report on stdout (terminal text, or JSON with --json) and in the --out-* files. */
export async function emitReport(report: RunReport, args: RunArgs, out: Output): Promise<void> {
  if (args.json) out.data(renderJson(report));
  else if (!args.quiet) out.data(renderTerminal(report, { color: out.color }));
  await writeOutputs(report, args);
}

export async function writeOutputs(report: RunReport, args: RunArgs): Promise<void> {
  if (args['out-json']) await writeFile(args['out-json'], renderJson(report));
  if (args['out-md']) await writeFile(args['out-md'], renderMarkdown(report));
  if (args['out-html']) await writeFile(args['out-html'], renderHtml(report));
}
