import path from 'node:path';
import { renderHtml } from '../report/html.js';
import type { RunReport } from '../report/types.js';
import { redact } from '../secrets.js';
import { writeOutputFile } from '../state/output-file.js';
import { DEFAULT_KEEP_RUNS, newRunId } from '../state/run-history.js';
import type { RunArchive } from '../state/store.js';
import { renderFleetHtml } from './fleet-html.js';
import { renderFleetJson, renderFleetMarkdown, type FleetReport } from './fleet-report.js';

/**
 * Where a fleet run keeps its report: the state's fleet runs (a state folder's fleet-runs/runs/<id>/,
 * or the database's fleet_runs), the newest 30 kept.
 */
export interface FleetRecord {
  /** The run's folder, or its address in the database (`postgres://…#fleet-runs/runs/<id>`). */
  dir: string;
  /** A plan target's own report, written as the target finishes (an apply writes its own in its runs/). */
  writeTargetReport(name: string, report: RunReport): Promise<string>;
  /** report.json, report.md and report.html; returns the HTML's path or address. */
  finish(report: FleetReport): Promise<string>;
}

export async function createFleetRecord(runs: RunArchive, startedAt: Date): Promise<FleetRecord> {
  const record = await runs.createRun(newRunId(startedAt));
  return {
    dir: record.dir,
    writeTargetReport: (name, report) => record.write(`targets/${name}.html`, redact(renderHtml(report))),
    finish: async (report) => {
      await record.write('report.json', redact(renderFleetJson(report)));
      await record.write('report.md', redact(renderFleetMarkdown(report)));
      const html = await record.write('report.html', redact(renderFleetHtml(report, record.dir)));
      await runs.pruneRuns(DEFAULT_KEEP_RUNS, record.id).catch(() => []);
      return html;
    },
  };
}

/** A copy of the fleet report the caller asked for, and how it named it (for messages: `--out-json`). */
export interface FleetOutput {
  file: string;
  option: string;
}

/** The copies of the fleet report asked for, by format. */
export interface FleetOutputs {
  json?: FleetOutput | undefined;
  md?: FleetOutput | undefined;
  html?: FleetOutput | undefined;
}

/** The fleet report's copies (the CLI's --out-json, --out-md, --out-html); HTML links are relative to its own folder. */
export async function writeFleetOutputs(report: FleetReport, outputs: FleetOutputs): Promise<void> {
  const write = (to: FleetOutput, text: string) => writeOutputFile(to.file, redact(text), to.option);
  if (outputs.json) await write(outputs.json, renderFleetJson(report));
  if (outputs.md) await write(outputs.md, renderFleetMarkdown(report));
  if (outputs.html)
    await write(outputs.html, renderFleetHtml(report, path.dirname(path.resolve(outputs.html.file))));
}
