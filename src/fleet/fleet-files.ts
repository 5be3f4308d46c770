import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { renderHtml } from '../report/html.js';
import type { RunReport } from '../report/types.js';
import { redact } from '../secrets.js';
import { writeOutputFile } from '../state/output-file.js';
import {
  createRunRecord,
  DEFAULT_KEEP_RUNS,
  newRunId,
  pruneRuns,
  type RunRecord,
} from '../state/run-history.js';
import { FLEET_RUNS_DIR } from '../state/target-identity.js';
import { renderFleetHtml } from './fleet-html.js';
import { renderFleetJson, renderFleetMarkdown, type FleetReport } from './fleet-report.js';

/** Where a fleet run keeps its report: <state>/fleet-runs/runs/<id>/ (the newest 30 are kept). */
export interface FleetRecord {
  dir: string;
  /** A plan target's own report, written as the target finishes (an apply writes its own in its runs/). */
  writeTargetReport(name: string, report: RunReport): Promise<string>;
  /** report.json, report.md and report.html; returns the HTML's path. */
  finish(report: FleetReport): Promise<string>;
}

export async function createFleetRecord(stateRoot: string, startedAt: Date): Promise<FleetRecord> {
  const root = path.resolve(stateRoot, FLEET_RUNS_DIR);
  const record: RunRecord = await createRunRecord(root, newRunId(startedAt));
  await mkdir(path.join(record.dir, 'targets'));
  return {
    dir: record.dir,
    writeTargetReport: (name, report) => record.write(`targets/${name}.html`, redact(renderHtml(report))),
    finish: async (report) => {
      await record.write('report.json', redact(renderFleetJson(report)));
      await record.write('report.md', redact(renderFleetMarkdown(report)));
      const html = await record.write('report.html', redact(renderFleetHtml(report, record.dir)));
      await pruneRuns(root, DEFAULT_KEEP_RUNS, record.id).catch(() => []);
      return html;
    },
  };
}

/** --out-json / --out-md / --out-html of a fleet run; HTML links are relative to its own folder. */
export async function writeFleetOutputs(
  report: FleetReport,
  outputs: { json?: string | undefined; md?: string | undefined; html?: string | undefined },
): Promise<void> {
  const write = (file: string, text: string, option: string) => writeOutputFile(file, redact(text), option);
  if (outputs.json) await write(outputs.json, renderFleetJson(report), '--out-json');
  if (outputs.md) await write(outputs.md, renderFleetMarkdown(report), '--out-md');
  if (outputs.html)
    await write(
      outputs.html,
      renderFleetHtml(report, path.dirname(path.resolve(outputs.html))),
      '--out-html',
    );
}
