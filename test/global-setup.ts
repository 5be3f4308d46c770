import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_PATTERN } from './helpers/secrets.js';

/**
 * Every CLI run in the suite appends its output to one log (test/helpers/run-cli.ts). After the
 * whole suite, any client secret (sbx_cs_...) or sandbox access token (sbx_at_...) in it fails the run.
 *
 * The suite also gets a temp directory of its own (TMPDIR, inherited by the workers and the CLI
 * children they spawn), removed at the end: what a library leaves there (exceljs's sheet files
 * of a worker that exits without its cleanup) goes with it. A menusync-* folder still there is a
 * test that did not clean up after itself, and fails the run.
 */
export function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'menusync-output-'));
  const log = path.join(dir, 'cli-output.log');
  writeFileSync(log, '');
  process.env.MENUSYNC_TEST_OUTPUT_LOG = log;
  const suiteTmp = mkdtempSync(path.join(os.tmpdir(), 'menusync-suite-'));
  process.env.TMPDIR = suiteTmp;
  return () => {
    const output = readFileSync(log, 'utf8');
    const match = SECRET_PATTERN.exec(output);
    rmSync(dir, { recursive: true, force: true });
    const left = readdirSync(suiteTmp).filter((name) => name.startsWith('menusync-'));
    rmSync(suiteTmp, { recursive: true, force: true });
    if (match) {
      const at = output.lastIndexOf('\n$ menusync', match.index);
      const command = output.slice(at + 1, output.indexOf('\n', at + 1));
      throw new Error(`a secret or token leaked into CLI output (${command}): ${match[0].slice(0, 10)}...`);
    }
    if (left.length > 0) {
      throw new Error(
        `tests left ${left.length === 1 ? 'a folder' : `${left.length} folders`} in the temp directory (each test removes its own): ${left.slice(0, 10).join(', ')}`,
      );
    }
  };
}
