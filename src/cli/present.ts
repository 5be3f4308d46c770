import type { Output } from '../output.js';
import type { RunArgs } from './run-args.js';
import { ReportWriteError } from '../errors.js';
import { shellWord } from '../report/shell-word.js';
import { changeHeadline } from '../report/headline.js';
import { renderHtml, renderJson, renderMarkdown, renderTerminal } from '../report/index.js';
import type { RunReport } from '../report/types.js';
import { writeOutputFile } from '../state/output-file.js';
import { redact } from '../secrets.js';

/** One line for cron logs: what ran, on which target, what changed and how it ended. */
export function summaryLine(report: RunReport, command: string = report.command): string {
  const target = report.target.name ? ` ${report.target.name}` : '';
  return `menusync ${command}${target}: ${report.mode}: ${changeHeadline(report)}${liveWords(report)} (${outcomeWords(report)})`;
}

/** `; 4 changed outside menusync`, or `; offline`: a cron log must not read a drift as no change. */
function liveWords(report: RunReport): string {
  const plan = report.plan;
  if (plan.live === null) return '; offline';
  return plan.drift && plan.drift.length > 0 ? `; ${plan.drift.length} changed outside menusync` : '';
}

function outcomeWords(report: RunReport): string {
  if (report.command === 'plan') return report.blocked ? 'blocked' : 'planned';
  switch (report.outcome) {
    case 'blocked':
      return 'blocked, nothing sent';
    case 'cancelled':
      return 'cancelled, nothing sent';
    case 'failed':
      return 'failed';
    case 'none':
      return 'nothing to send';
    case 'uncertain':
      return report.applied
        ? `applied, DRIFT${afterApply(report)}`
        : 'UNCERTAIN, the next apply sends a full replace';
    default:
      return `applied, ${report.verified === true ? 'verified' : report.verified === false ? 'DRIFT' : 'not verified'}${afterApply(report)}`;
  }
}

/** What went wrong after the platform confirmed the import (a read-back that failed, say). */
function afterApply(report: RunReport): string {
  const first = report.errors[0];
  return first ? `: ${first}` : '';
}

/** The report on stdout (terminal text, or JSON with --json) and in the --out-* files. */
export async function emitReport(report: RunReport, args: RunArgs, out: Output): Promise<void> {
  if (args.json) out.data(renderJson(report));
  else if (!args.quiet) out.data(renderTerminal(report, { color: out.color }));
  await writeOutputs(report, args);
}

/**
 * Every --out-* file, each written whole or not at all (temp file and rename), all of them tried
 * even when one fails. The paths were checked before the run (checkOutputPaths), so a failure here
 * is the disk's; it names the file and says how the run itself ended, which a cron job must not
 * mistake for a platform failure. The secrets redact() knows never reach a file.
 */
export async function writeOutputs(report: RunReport, args: RunArgs): Promise<void> {
  const files: [string, string | undefined, (report: RunReport) => string][] = [
    ['--out-json', args['out-json'], renderJson],
    ['--out-md', args['out-md'], renderMarkdown],
    ['--out-html', args['out-html'], renderHtml],
  ];
  const failures: string[] = [];
  for (const [option, file, render] of files) {
    if (!file) continue;
    try {
      await writeOutputFile(file, redact(render(report)), option);
    } catch (error) {
      failures.push(`${option} ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  if (failures.length > 0) {
    throw new ReportWriteError(`could not write the report to ${failures.join(', ')}`, {
      hint: `the run itself ended ${report.outcome}; its report is also in the state folder's runs/`,
    });
  }
}

/**
 * Where a run's HTML report is: its path in a state folder, or, for a report kept in a database
 * (no path anyone can open) or not rendered (`rendered: false`, a run that changed nothing), the
 * command that writes it out. The command names the target by its base URL and client id (the
 * state's key) as well as the run: a database holds many targets, and the command must work as
 * printed in a shell that has none of this run's flags or environment.
 */
export function reportWhere(
  html: string,
  runId: string,
  stateLocation: string,
  target: { baseUrl?: string; clientId?: string },
  rendered = true,
): string {
  if (rendered && !/^[a-z][a-z0-9+.-]*:\/\//i.test(html)) return html;
  const args = [runId, '--state', stateLocation];
  if (target.baseUrl && target.clientId)
    args.push('--base-url', target.baseUrl, '--client-id', target.clientId);
  return `menusync report show ${args.map(shellWord).join(' ')} --out report.html`;
}
