import { resolveRunSettings } from '../setting-flags.js';
import { UsageError } from '../../errors.js';
import { type StateTargetArgs } from '../state-target-flags.js';
import { resolveStoredTarget } from '../../history/stored-target.js';
import { redact } from '../../secrets.js';
import { writeOutputFile } from '../../state/output-file.js';
import { openStateStore } from '../../state/open-store.js';
import type { StateStore, TargetStore } from '../../state/store.js';
import { DEFAULT_POS_UID, isStateUrl } from '../../state/target.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput } from '../output.js';
import { runReads } from '../run-paths.js';
import { REPORT_FORMATS as FORMATS, type ReportFormat } from '../report-formats.js';

export interface ReportShowArgs extends StateTargetArgs {
  run?: string;
  format: ReportFormat;
  out?: string;
  'base-url'?: string;
  'client-id'?: string;
}

/**
 * A report's address as runs print it for a database state (`report` in JSON logs and fleet
 * reports): `postgres://…?schema=s#TARGET_KEY/runs/RUN_ID/report.html`. It names the state, the
 * target, the run and the format, so `report show ADDRESS` needs nothing else.
 */
const REPORT_ADDRESS = /^([a-z][a-z0-9+.-]*:\/\/[^#]*)#([^/#]+)\/runs\/([^/]+)\/(report\.(?:html|md|json))$/i;

interface ReportAddress {
  state: string;
  key: string;
  run: string;
  format: ReportFormat;
}

function reportAddress(run: string | undefined): ReportAddress | null {
  const match = run === undefined ? null : REPORT_ADDRESS.exec(run);
  if (!match) return null;
  const format = (Object.keys(FORMATS) as ReportFormat[]).find((name) => FORMATS[name] === match[4]);
  return format ? { state: match[1]!, key: match[2]!, run: match[3]!, format } : null;
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
      ? await storedByKey(store, address.key)
      : store.target(await resolveStoredTarget(settings, store, out));
    const file = FORMATS[args.format];
    const runId = await chooseRun(targetStore, args.run, file);
    const content = await targetStore.readRunFile(runId, file);
    if (content === null) throw new UsageError(`run ${runId} has no stored ${file}`);
    const text = redact(content.toString('utf8'));
    if (args.out) {
      await writeOutputFile(args.out, text, '--out');
      out.info(`report: ${args.out} (run ${runId})`);
    } else out.data(text);
  } finally {
    await store.close();
  }
}

/** The target a report address names by its key in the state. */
async function storedByKey(store: StateStore, key: string): Promise<TargetStore> {
  const stored = (await store.listTargets()).find((entry) => entry.key === key);
  if (!stored?.target) throw new UsageError(`${store.location} holds no target ${key}`);
  return store.target({ ...stored.target, posUid: DEFAULT_POS_UID });
}

/** The run named (a unique start of its id is enough), or the newest run holding `file`. */
async function chooseRun(store: TargetStore, wanted: string | undefined, file: string): Promise<string> {
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
