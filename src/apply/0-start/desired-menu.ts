import type { Output } from '../../output.js';
import type { RunSettings } from '../../config/settings/types.js';
import { requireInputs } from '../../config/settings/resolve.js';
import { extractMenu } from '../../mapping/extract-menu.js';
import { summaryLine } from '../../mapping/issue-summary.js';
import { noteLines } from '../../mapping/notes.js';
import type { ExtractNote, ExtractResult } from '../../mapping/types.js';
import type { PlanSource } from '../../plan/types.js';
import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { formatLocation, type DataIssue } from '../../model/data-issue.js';
import type { Target } from '../../state/target.js';
import { countOf } from '../../plural.js';
import type { ProgressSink } from '../../progress.js';
import { statQuietly } from '../../extract/file-access.js';

const MAX_ISSUES_SHOWN = 20;

/** The menu the inputs make, how many errors they had, and the first of them in one line. */
export interface DesiredMenu {
  menu: CanonicalMenu;
  errors: number;
  firstError?: string;
  /** What the extraction decided on its own (sale prices, a fallback category), for the plan and its reports. */
  notes?: ExtractNote[];
  /** The export files (with their modification times) and currency, for the plan and its reports. */
  source?: PlanSource;
}

/** Extract the desired menu and tell about every problem; errors block the plan, never the report. */
export async function extractDesired(
  settings: RunSettings,
  out: Output,
  progress?: ProgressSink,
): Promise<DesiredMenu> {
  const { mapping, inputs } = requireInputs(settings);
  const result = await extractMenu({
    mapping,
    inputs,
    params: settings.params,
    ...(settings.encoding !== undefined ? { encoding: settings.encoding } : {}),
    ...(progress ? { progress } : {}),
    paramDirs: settings.paramDirs,
    limits: settings.limits,
    ...(settings.now ? { now: settings.now } : {}),
    names: settings.names,
  });
  // The counts and each input's encoding and why: a wrong guess shows before anything is sent.
  out.info(`extract: ${summaryLine(result)}`);
  const notes = noteLines(result.notes);
  for (const line of notes.slice(0, MAX_ISSUES_SHOWN)) out.info(line);
  if (notes.length > MAX_ISSUES_SHOWN)
    out.info(`... and ${countOf(notes.length - MAX_ISSUES_SHOWN, 'more note')}`);
  const shown = result.issues.slice(0, MAX_ISSUES_SHOWN);
  for (const issue of shown) {
    const line = `${issue.severity}: ${issueLine(issue)}`;
    if (issue.severity === 'error') out.error(line);
    else out.warn(line);
  }
  if (result.issues.length > shown.length)
    out.warn(`... and ${countOf(result.issues.length - shown.length, 'more issue')}`);
  for (const skipped of result.skipped)
    out.info(`skipped ${countOf(skipped.count, 'row')}: ${skipped.reason}`);
  const first = result.issues.find((issue) => issue.severity === 'error');
  return {
    menu: result.menu,
    errors: result.stats.errors,
    ...(first ? { firstError: issueLine(first) } : {}),
    ...(result.notes.length > 0 ? { notes: result.notes } : {}),
    source: await planSource(result),
  };
}

/** Each export read with when it was last modified (what the manager asks: "is this last night's?"). */
async function planSource(result: ExtractResult): Promise<PlanSource> {
  const inputs = result.inputs.map(({ file }) => ({
    file,
    modifiedAt: statQuietly(file)?.mtime.toISOString() ?? null,
  }));
  return { inputs, ...(result.currency ? { currency: result.currency } : {}) };
}

/** An issue in one line: where it is, what, and its code. */
function issueLine(issue: DataIssue): string {
  const where = formatLocation(issue.location);
  return `${where ? `${where}: ` : ''}${issue.message} [${issue.code}]`;
}

/** The target as far as it is known without credentials (the settings' connection). */
export function planTarget(settings: RunSettings): Target | null {
  const { baseUrl, clientId } = settings.connection;
  if (!baseUrl || !clientId) return null;
  return {
    ...(settings.targetName ? { name: settings.targetName } : {}),
    baseUrl,
    clientId,
    posUid: settings.posUid,
  };
}
