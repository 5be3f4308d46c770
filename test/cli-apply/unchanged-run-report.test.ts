import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// Issue 32: a run that changes nothing keeps report.json (and plan.json) only; `report show`
// renders its Markdown and HTML from them, as the run would have written them.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

/** The target's run folders, oldest first (one target in this world's state). */
async function runFolders(): Promise<string[]> {
  const [target] = (await readdir(w.stateDir, { withFileTypes: true })).filter(
    (e) => e.isDirectory() && e.name !== 'fleet-runs',
  );
  const runs = path.join(w.stateDir, target!.name, 'runs');
  return (await readdir(runs)).sort().map((id) => path.join(runs, id));
}

describe('the report of a run that changed nothing', () => {
  it(
    'is report.json only, and report show renders its HTML and Markdown on demand',
    { timeout: 120_000 },
    async () => {
      const input = await w.writeExport('menu.csv', menuCsv(8));
      expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
      const again = await w.run(w.args('apply', input, '--yes'));
      expect(again.code, again.stderr).toBe(0);
      const [first, unchanged] = await runFolders();
      expect((await readdir(first!)).sort()).toEqual(expect.arrayContaining(['report.html', 'report.md']));
      expect((await readdir(unchanged!)).sort()).toEqual(['plan.json', 'report.json']);
      // No path to a file that is not there: the command that writes the report out.
      const runId = path.basename(unchanged!);
      expect(again.stderr + again.stdout).toContain(`report: menusync report show ${runId} --state `);

      const html = await w.run(['report', 'show', '--state', w.stateDir, '--format', 'html']);
      expect(html.code, html.stderr).toBe(0);
      expect(html.stdout).toMatch(/<title>menusync apply: [^<]*<\/title>/);
      expect(html.stdout).toContain('</html>');
      const md = await w.run(['report', 'show', '--state', w.stateDir, '--run', runId, '--format', 'md']);
      expect(md.code, md.stderr).toBe(0);
      expect(md.stdout).toMatch(/^## menusync apply/);

      const history = await w.run(['history', '--state', w.stateDir, '--json']);
      const entries = JSON.parse(history.stdout) as { runId: string; outcome: string }[];
      expect(entries.find((e) => e.runId === runId)?.outcome).toBe('none');
    },
  );

  it('renders from report.json exactly what the run wrote at the time', { timeout: 120_000 }, async () => {
    const input = await w.writeExport('menu.csv', menuCsv(8));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const changed = await w.writeExport('changed.csv', menuCsv(8, 1));
    expect((await w.run(w.args('apply', changed, '--yes'))).code).toBe(0);
    const [, second] = await runFolders();
    const runId = path.basename(second!);
    for (const [format, file] of [
      ['html', 'report.html'],
      ['md', 'report.md'],
    ] as const) {
      const written = await readFile(path.join(second!, file), 'utf8');
      await rm(path.join(second!, file));
      const shown = await w.run([
        'report',
        'show',
        '--state',
        w.stateDir,
        '--run',
        runId,
        '--format',
        format,
      ]);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toBe(written.endsWith('\n') ? written : `${written}\n`);
    }
  });
});
