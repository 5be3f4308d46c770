import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { targetDir } from '../../src/state/target.js';
import { startWorld, menuCsv, type CliWorld } from './fixture.js';

// Every apply outcome leaves its report: JSON on stdout with --json, every --out-* file, and the
// run's own report.* in the state folder. Real CLI children against the real sandbox.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

interface ReportJson {
  command: string;
  outcome: string;
  blocked: string | null;
  blockedBy: { guard: string; message: string; numbers: Record<string, number> }[];
  applied: boolean;
  errors: string[];
  errorDetails: { code: string; message: string; status?: number; platformCode?: string }[];
}

const outs = (name: string) => {
  const base = path.join(w.dir, 'out', name);
  return { json: `${base}.json`, md: `${base}.md`, html: `${base}.html` };
};
const outArgs = (files: ReturnType<typeof outs>) => [
  '--json',
  '--out-json',
  files.json,
  '--out-md',
  files.md,
  '--out-html',
  files.html,
];

/** The --json report on stdout, the same one in --out-json, and the Markdown/HTML beside it. */
async function reportsOf(stdout: string, files: ReturnType<typeof outs>): Promise<ReportJson> {
  const printed = JSON.parse(stdout) as ReportJson;
  expect(JSON.parse(await readFile(files.json, 'utf8'))).toEqual(printed);
  expect(await readFile(files.md, 'utf8')).toMatch(/^## menusync apply/);
  expect(await readFile(files.html, 'utf8')).toMatch(/<html/);
  return printed;
}

/** The newest run folder's report.json of the world's target. */
async function lastRunReport(): Promise<ReportJson> {
  const dir = targetDir(w.stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });
  const runs = (await readdir(path.join(dir, 'runs'))).sort();
  const last = path.join(dir, 'runs', runs.at(-1)!);
  return JSON.parse(await readFile(path.join(last, 'report.json'), 'utf8')) as ReportJson;
}

beforeEach(async () => {
  await mkdir(path.join(w.dir, 'out'));
});

describe('apply reports for every outcome', () => {
  it('applied, then none: each with outcome, empty errorDetails and exit 0', async () => {
    const input = await w.writeExport('a.csv', menuCsv(12));
    const first = await w.run(w.args('apply', input, ...outArgs(outs('first'))));
    expect(first.code, first.stderr).toBe(0);
    expect(await reportsOf(first.stdout, outs('first'))).toMatchObject({
      outcome: 'applied',
      applied: true,
      errors: [],
      errorDetails: [],
      blockedBy: [],
    });
    const again = await w.run(w.args('apply', input, ...outArgs(outs('again'))));
    expect(again.code, again.stderr).toBe(0);
    expect((await reportsOf(again.stdout, outs('again'))).outcome).toBe('none');
    expect(w.imports()).toBe(1);
  });

  it('blocked (exit 3): the guard and its numbers in the report, on stdout, in every file and in the run folder', async () => {
    const input = await w.writeExport('a.csv', menuCsv(40));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    await writeFile(input, menuCsv(25));
    const files = outs('blocked');
    const blocked = await w.run(w.args('apply', input, '--yes', ...outArgs(files)));
    expect(blocked.code, blocked.stderr).toBe(3);
    const report = await reportsOf(blocked.stdout, files);
    expect(report).toMatchObject({ outcome: 'blocked', applied: false });
    expect(report.blockedBy).toEqual([
      {
        guard: 'delete-limit',
        message: expect.stringMatching(/remove 15 products of 40 live/),
        numbers: {
          removed: 15,
          snapshotProducts: 40,
          limitCount: 10,
          limitPercent: 20,
          liveProducts: 40,
          liveCategoriesRemoved: 0,
        },
        allows: { setting: 'allowDeletes', value: 15 },
      },
    ]);
    expect(report.errorDetails).toEqual([{ code: 'blocked', message: `blocked: ${report.blocked}` }]);
    expect(await readFile(files.md, 'utf8')).toContain('Outcome: blocked by a guard: nothing was sent');
    expect((await lastRunReport()).outcome).toBe('blocked');
    expect(blocked.stderr).toMatch(/^error: blocked: the replace would remove 15 products/m);
    expect(w.imports()).toBe(1);
  });

  it('failed (exit 1): the platform refusal as code, platform code and message', async () => {
    w.sandbox.injectFaults([{ kind: 'import-error', message: 'price must be positive' }]);
    const files = outs('failed');
    const result = await w.run(w.args('apply', await w.writeExport('a.csv', menuCsv(5)), ...outArgs(files)));
    expect(result.code, result.stderr).toBe(1);
    const report = await reportsOf(result.stdout, files);
    expect(report).toMatchObject({ outcome: 'failed', applied: false });
    expect(report.errorDetails).toEqual([
      expect.objectContaining({
        code: 'platform-rejected',
        platformCode: 'IMPORT_ERROR',
        message: expect.stringContaining('price must be positive'),
      }),
    ]);
    expect(report.errors).toEqual(report.errorDetails.map((e) => e.message));
    expect((await lastRunReport()).outcome).toBe('failed');
    expect(`${result.stdout}${result.stderr}`).not.toContain(w.env.MENUSYNC_CLIENT_SECRET);
  });

  it('uncertain (exit 1): an import without an answer says so, and the next plan resyncs', async () => {
    w.sandbox.injectFaults([{ kind: 'lost-after-apply' }]);
    const files = outs('uncertain');
    const input = await w.writeExport('a.csv', menuCsv(5));
    const result = await w.run(w.args('apply', input, ...outArgs(files)));
    expect(result.code, result.stderr).toBe(1);
    const report = await reportsOf(result.stdout, files);
    expect(report.outcome).toBe('uncertain');
    expect(report.errorDetails[0]?.code).toBe('outcome-unknown');
    expect(await readFile(files.html, 'utf8')).toContain('Outcome: uncertain: the platform may or may not');
    expect((await lastRunReport()).outcome).toBe('uncertain');
  });

  it('cancelled (exit 2): a replace with removals without --yes and without a terminal', async () => {
    const input = await w.writeExport('a.csv', menuCsv(12));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    await writeFile(input, menuCsv(11));
    const files = outs('cancelled');
    const result = await w.run(w.args('apply', input, ...outArgs(files)));
    expect(result.code, result.stderr).toBe(2);
    const report = await reportsOf(result.stdout, files);
    expect(report.outcome).toBe('cancelled');
    expect(report.errorDetails[0]?.code).toBe('usage');
    expect(w.imports()).toBe(1);
  });

  it('a stale saved plan is blocked (exit 3) with guard saved-plan-stale, and its run leaves a report', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    const planFile = path.join(w.dir, 'plan.json');
    const planned = await w.run(w.args('plan', input, '--out-plan', planFile));
    expect(planned.code, planned.stderr).toBe(0);
    const apply = ['apply', '--plan', planFile, '--state', w.stateDir, '--yes'];
    expect((await w.run(apply)).code).toBe(0);
    const files = outs('stale');
    const stale = await w.run([...apply, ...outArgs(files)]);
    expect(stale.code, stale.stderr).toBe(3);
    const report = await reportsOf(stale.stdout, files);
    expect(report.blockedBy.map((block) => block.guard)).toEqual(['saved-plan-stale']);
    expect(stale.stderr).toMatch(/hint: .*make a new plan/);
    expect((await lastRunReport()).outcome).toBe('blocked');
  });

  it('--quiet prints the outcome in its one line when the run is blocked', async () => {
    const input = await w.writeExport('a.csv', menuCsv(0));
    const result = await w.run(w.args('apply', input, '--quiet'));
    expect(result.code).toBe(3);
    // Which guard, with its numbers, on the same line.
    expect(result.stderr).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z menusync apply http:\/\/127\.0\.0\.1:\d+ \(client [^)]+\): .*\(blocked, nothing sent\): empty-menu \(products 0, .*\): .+$/m,
    );
  });
});

describe('output paths are checked before anything is read or sent', () => {
  it.each([
    [
      'a missing directory',
      ['--out-html', 'missing/dir/r.html'],
      /Cannot write --out-html missing\/dir\/r\.html: no such directory/,
    ],
    ['a directory', ['--out-json', '.'], /Cannot write --out-json \.: it is a directory/],
    [
      'the input',
      ['--out-md', 'a.csv'],
      /Cannot write --out-md a\.csv: it is --input .*a\.csv, which this run reads/,
    ],
    ['the input by a detour', ['--out-md', './out/../a.csv'], /it is --input/],
    ['the mapping', ['--out-json', 'DEMO'], /it is --mapping/],
    ['the state folder', ['--out-json', 'state/x.json'], /inside the state directory/],
  ])('apply refuses %s: exit 2, nothing sent, no state written', async (_what, extra, message) => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    // The state folder as a first apply leaves it before its target's folder exists.
    await mkdir(w.stateDir);
    const args = w.args('apply', input, ...extra.map((a) => (a === 'DEMO' ? w.args('plan', input)[2]! : a)));
    const result = await w.run(args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(w.imports()).toBe(0);
    expect(w.sandbox.requests).toEqual([]);
    expect(await readdir(w.stateDir)).toEqual([]);
    expect(await readFile(input, 'utf8')).toBe(menuCsv(5));
  });

  it('apply refuses to overwrite its client secret file or its saved plan', async () => {
    const secretFile = path.join(w.dir, 'client.secret');
    await writeFile(secretFile, `${w.env.MENUSYNC_CLIENT_SECRET}\n`);
    const input = await w.writeExport('a.csv', menuCsv(5));
    const secret = await w.run([
      ...w.args('apply', input, '--client-secret-file', secretFile, '--out-json', 'client.secret'),
    ]);
    expect(secret.code).toBe(2);
    expect(secret.stderr).toMatch(/Cannot write --out-json client\.secret: it is --client-secret-file/);
    expect(`${secret.stdout}${secret.stderr}`).not.toContain(w.env.MENUSYNC_CLIENT_SECRET);
    expect(await readFile(secretFile, 'utf8')).toBe(`${w.env.MENUSYNC_CLIENT_SECRET}\n`);
    const planFile = path.join(w.dir, 'plan.json');
    expect((await w.run(w.args('plan', input, '--out-plan', planFile))).code).toBe(0);
    const saved = await readFile(planFile, 'utf8');
    const overPlan = await w.run(['apply', '--plan', planFile, '--state', w.stateDir, '--out-md', planFile]);
    expect(overPlan.code).toBe(2);
    expect(overPlan.stderr).toMatch(/it is --plan /);
    expect(await readFile(planFile, 'utf8')).toBe(saved);
    expect(w.imports()).toBe(0);
  });

  it('plan refuses --out-plan into a missing directory and --out-json over the config file', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    const noDir = await w.run(w.args('plan', input, '--out-plan', 'nope/plan.json'));
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toMatch(/^error: Cannot write --out-plan nope\/plan\.json: no such directory/);
    await writeFile(path.join(w.dir, 'menusync.config.yaml'), 'targets: {}\n');
    const config = await w.run(w.args('plan', input, '--out-json', 'menusync.config.yaml'));
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/it is the config file menusync\.config\.yaml, which this run reads/);
    expect(await readFile(path.join(w.dir, 'menusync.config.yaml'), 'utf8')).toBe('targets: {}\n');
  });

  it('extract --out refuses the export it reads and leaves it whole', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    const mapping = w.args('plan', input)[2]!;
    const result = await w.run(['extract', '--mapping', mapping, '--input', input, '--out', input]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Cannot write --out .*a\.csv: it is --input/);
    expect(await readFile(input, 'utf8')).toBe(menuCsv(5));
  });
});
