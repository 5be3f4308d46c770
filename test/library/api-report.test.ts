import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Extractor, ExtractorConfig, type ExtractorMessage } from '@microsoft/api-extractor';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// The public API of 'menusync' is a promise (docs/library.md): api/menusync.api.md is its report,
// made by api-extractor from dist/index.d.ts (built by `npm test` before vitest). A change to what
// the package exports, or to any type it exposes, fails here until the report is updated on purpose.

const REPORT = path.join(REPO_ROOT, 'api', 'menusync.api.md');

interface Check {
  changed: boolean;
  succeeded: boolean;
  errors: string[];
  /** The report of the API as it is now (written to the temp folder in check mode). */
  current: string;
}

/** api-extractor in check mode (not --local): compares the API with the report in `reportFolder`. */
function checkApi(reportFolder: string, tempFolder: string): Check {
  const configFile = path.join(REPO_ROOT, 'api-extractor.json');
  const configObject = ExtractorConfig.loadFile(configFile);
  configObject.apiReport = {
    ...configObject.apiReport,
    enabled: true,
    reportFolder,
    reportTempFolder: tempFolder,
  };
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: configFile,
    packageJsonFullPath: path.join(REPO_ROOT, 'package.json'),
  });
  const errors: string[] = [];
  const result = Extractor.invoke(config, {
    localBuild: false,
    messageCallback: (message: ExtractorMessage) => {
      // Kept for the failure message; api-extractor prints nothing of its own during the suite.
      // Its "report not copied" is the change itself, which the test words with the lines that differ.
      const problem = message.logLevel === 'error' || message.logLevel === 'warning';
      if (problem && message.messageId !== 'console-api-report-not-copied') {
        errors.push(message.formatMessageWithLocation(REPO_ROOT));
      }
      message.handled = true;
    },
  });
  const current = readFileSync(path.join(tempFolder, 'menusync.api.md'), 'utf8');
  return { changed: result.apiReportChanged, succeeded: result.succeeded, errors, current };
}

/** The lines one report has and the other lacks, "-" for the committed and "+" for the current. */
function changedLines(committed: string, current: string): string {
  const before = new Set(committed.split('\n'));
  const after = new Set(current.split('\n'));
  const removed = [...before].filter((line) => line.trim() !== '' && !after.has(line)).map((l) => `- ${l}`);
  const added = [...after].filter((line) => line.trim() !== '' && !before.has(line)).map((l) => `+ ${l}`);
  return [...removed, ...added].slice(0, 40).join('\n');
}

describe('the public API report (api/menusync.api.md)', () => {
  it('matches what dist/index.d.ts exports: change the API on purpose with `npm run api:report`', () => {
    const temp = testTempDir('api-report');
    const check = checkApi(path.dirname(REPORT), temp);
    const committed = readFileSync(REPORT, 'utf8');
    const why =
      'the public API of menusync changed without its report. If the change is intended, run ' +
      '`npm run api:report`, review the diff of api/menusync.api.md and commit it; otherwise undo it.\n' +
      `${changedLines(committed, check.current)}\n`;
    expect(check.changed, why).toBe(false);
    // Every type the API exposes must be exported by name (ae-forgotten-export is an error).
    expect(check.errors, 'api-extractor found problems in the public API').toEqual([]);
    expect(check.succeeded).toBe(true);
  }, 240_000);

  it('fails when the report and the API disagree (a name the report has that the API lost)', () => {
    const temp = testTempDir('api-report-stale');
    const reportFolder = path.join(temp, 'report');
    mkdirSync(reportFolder);
    // A report as if an older release also exported `planMenu`: the API now lacks it.
    const stale = readFileSync(REPORT, 'utf8').replace(
      '// @public\nexport function plan(',
      '// @public\nexport function planMenu(): void;\n\n// @public\nexport function plan(',
    );
    expect(stale).toContain('planMenu');
    writeFileSync(path.join(reportFolder, 'menusync.api.md'), stale);
    const check = checkApi(reportFolder, path.join(temp, 'current'));
    expect(check.changed).toBe(true);
    expect(check.succeeded).toBe(false);
    expect(changedLines(stale, check.current)).toBe('- export function planMenu(): void;');
  }, 240_000);
});
