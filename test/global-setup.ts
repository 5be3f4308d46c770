import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_PATTERN } from './helpers/secrets.js';

/**
 * Every CLI run in the suite appends its output to one log (test/helpers/run-cli.ts). After the
 * whole suite, any client secret (sbx_cs_...) or sandbox access token (sbx_at_...) in it fails the run.
 */
export function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'menusync-output-'));
  const log = path.join(dir, 'cli-output.log');
  writeFileSync(log, '');
  process.env.MENUSYNC_TEST_OUTPUT_LOG = log;
  return () => {
    const output = readFileSync(log, 'utf8');
    const match = SECRET_PATTERN.exec(output);
    rmSync(dir, { recursive: true, force: true });
    if (match) {
      const at = output.lastIndexOf('\n$ menusync', match.index);
      const command = output.slice(at + 1, output.indexOf('\n', at + 1));
      throw new Error(`a secret or token leaked into CLI output (${command}): ${match[0].slice(0, 10)}...`);
    }
  };
}
