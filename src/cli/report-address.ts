import { FLEET_RUNS_DIR } from '../state/target-identity.js';
import { REPORT_FORMATS as FORMATS, type ReportFormat } from './report-formats.js';

/**
 * A report's address as runs print it for a database state (`report` in JSON logs and fleet
 * reports): `postgres://…?schema=s#TARGET_KEY/runs/RUN_ID/report.html`, or a fleet run's
 * `…#fleet-runs/runs/RUN_ID/report.html` (and its plan targets' `targets/NAME.html`). It names the
 * state, the target (or the fleet), the run and the file, so `report show ADDRESS` needs nothing else.
 */
const REPORT_ADDRESS =
  /^([a-z][a-z0-9+.-]*:\/\/[^#]*)#([^/#]+)\/runs\/([^/]+)\/(report\.(?:html|md|json)|targets\/[A-Za-z0-9_-]+\.html)$/i;

export interface ReportAddress {
  state: string;
  /** A target's key in the state, or FLEET_RUNS_DIR. */
  key: string;
  run: string;
  /** The stored file's name (report.html, or a fleet's targets/NAME.html). */
  file: string;
  format: ReportFormat;
}

export function reportAddress(run: string | undefined): ReportAddress | null {
  const match = run === undefined ? null : REPORT_ADDRESS.exec(run);
  if (!match) return null;
  const [, state, key, id, file] = match as unknown as [string, string, string, string, string];
  if (file.startsWith('targets/') && key !== FLEET_RUNS_DIR) return null;
  const format = file.startsWith('targets/')
    ? 'html'
    : (Object.keys(FORMATS) as ReportFormat[]).find((name) => FORMATS[name] === file);
  return format ? { state, key, run: id, file, format } : null;
}

export const isFleetAddress = (address: ReportAddress): boolean => address.key === FLEET_RUNS_DIR;
