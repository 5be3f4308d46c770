import { resolveRunSettings } from '../setting-flags.js';
import { UsageError } from '../../errors.js';
import { type StateTargetArgs } from '../state-target-flags.js';
import { renderStoredReport } from '../../history/stored-report.js';
import { resolveStoredTarget } from '../../history/stored-target.js';
import { redact } from '../../secrets.js';
import { writeOutputFile } from '../../state/output-file.js';
import { openStateStore } from '../../state/open-store.js';
import type { RunArchive, StateStore } from '../../state/store.js';
import { DEFAULT_POS_UID, isStateUrl } from '../../state/target.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput } from '../output.js';
import { runReads } from '../run-paths.js';
import { REPORT_FORMATS as FORMATS, type ReportFormat } from '../report-formats.js';
import { isFleetAddress, reportAddress, type ReportAddress } from '../report-address.js';

export interface ReportShowArgs extends StateTargetArgs {
  run?: string;
  format: ReportFormat;
  out?: string;
  'base-url'?: string;
  'client-id'?: string;
}

/** Writes the stored report of the run asked for, to stdout or --out. */
export async function runReportShow(given: ReportShowArgs): Promise<void> {
  const out = createOutput();
  const address = reportAddress(given.run);
  const args: ReportShowArgs = address
    ? { ...given, run: address.run, state: given.state ?? address.state, format: address.format }
    : given;
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
  if (args.out) {
    // What this command reads (the config, its target's secret file, mapping and inputs) is never overwritten.
    await checkOutputPaths([{ option: '--out', file: args.out }], {
      inputs: runReads(args, settings, { '--client-secret-file': settings.config.client_secret_file }),
      ...(isStateUrl(settings.stateDir) ? {} : { stateDir: settings.stateDir }),
    });
  }
  const store = await openStateStore(settings.stateDir);
  try {
    const targetStore = address
      ? await storedByKey(store, address)
      : store.target(await resolveStoredTarget(settings, store, out));
    // A fleet address names its file; every target run's report has its report.json, and the
    // others may be rendered from it now.
    const file = address && isFleetAddress(address) ? address.file : FORMATS.json;
    const runId = await chooseRun(targetStore, args.run, file);
    const text = redact(
      address && isFleetAddress(address)
        ? await storedFile(targetStore, runId, file)
        : await reportText(targetStore, runId, args.format),
    );
    if (args.out) {
      await writeOutputFile(args.out, text, '--out');
      out.info(`report: ${args.out} (run ${runId})`);
    } else out.data(text);
  } finally {
    await store.close();
  }
}

/**
 * The run's report in `format`: as stored, or for a run that stored only report.json (one that
 * changed nothing, issue 32) rendered from it, as the run would have written it.
 */
async function reportText(store: RunArchive, runId: string, format: ReportFormat): Promise<string> {
  const stored = await store.readRunFile(runId, FORMATS[format]);
  if (stored !== null) return stored.toString('utf8');
  const rendered = format === 'json' ? null : await renderStoredReport(store, runId, format);
  if (rendered === null) throw new UsageError(`run ${runId} has no stored ${FORMATS[format]}`);
  return rendered;
}

async function storedFile(store: RunArchive, runId: string, file: string): Promise<string> {
  const content = await store.readRunFile(runId, file);
  if (content === null) throw new UsageError(`run ${runId} has no stored ${file}`);
  return content.toString('utf8');
}

/** The target (or the fleet runs) a report address names by its key in the state. */
async function storedByKey(store: StateStore, address: ReportAddress): Promise<RunArchive> {
  if (isFleetAddress(address)) return store.fleetRuns();
  const key = address.key;
  const stored = (await store.listTargets()).find((entry) => entry.key === key);
  if (!stored?.target) throw new UsageError(`${store.location} holds no target ${key}`);
  return store.target({ ...stored.target, posUid: DEFAULT_POS_UID });
}

/** The run named (a unique start of its id is enough), or the newest run holding `file`. */
async function chooseRun(store: RunArchive, wanted: string | undefined, file: string): Promise<string> {
  const ids = (await store.listRuns()).map((run) => run.id);
  if (wanted !== undefined) {
    const matches = ids.filter((id) => id.startsWith(wanted));
    if (matches.length === 1) return matches[0] as string;
    throw new UsageError(
      matches.length === 0
        ? `no run ${wanted} is kept for this target (see menusync history)`
        : `${matches.length} runs start with ${wanted}: give more of the id`,
    );
  }
  for (const id of [...ids].sort().reverse()) {
    if (await store.readRunFile(id, file)) return id;
  }
  throw new UsageError(`no run of this target has a stored ${file}`);
}
