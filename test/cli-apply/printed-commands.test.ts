import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shellWord } from '../../src/report/shell-word.js';
import { CLI } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable, schemaUrl, testSchema } from '../state/postgres-fixture.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// A command menusync prints for the user to run next is run here as printed: by a shell, in
// another folder, with none of the run's flags or MENUSYNC_* environment.
const run = promisify(execFile);

let available = false;
beforeAll(async () => {
  available = await postgresAvailable();
});

let worlds: CliWorld[] = [];
beforeEach(async () => {
  worlds = [await startWorld(), await startWorld()];
});
afterEach(async () => {
  await Promise.all(worlds.map((w) => w.close()));
});

/** Runs a printed `menusync …` line in bash, `menusync` being this checkout's CLI. */
async function runPrinted(line: string, cwd: string): Promise<{ code: number; stderr: string }> {
  const script = `menusync() { ${shellWord(process.execPath)} ${shellWord(CLI)} "$@"; }\n${line}`;
  try {
    const { stderr } = await run('bash', ['-c', script], { cwd, env: { PATH: process.env.PATH ?? '' } });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('commands menusync prints work as printed', () => {
  it('report show of a failed apply in a PostgreSQL state holding several targets', async (context) => {
    if (!available) return context.skip();
    const state = schemaUrl(testSchema());
    const [first, second] = worlds as [CliWorld, CliWorld];
    const apply = (w: CliWorld, input: string) =>
      w.run(w.args('apply', input, '--yes').map((a) => (a === w.stateDir ? state : a)));
    expect((await apply(first, await first.writeExport('a.csv', menuCsv(4)))).code).toBe(0);
    second.sandbox.injectFaults([{ kind: 'import-error', message: 'bad menu' }]);
    const failed = await apply(second, await second.writeExport('b.csv', menuCsv(5)));
    expect(failed.code, failed.stderr).toBe(1);

    const printed = /^report: (menusync report show .*)$/m.exec(failed.stderr)?.[1];
    expect(printed, failed.stderr).toBeDefined();
    const elsewhere = testTempDir('printed');
    const result = await runPrinted(printed as string, elsewhere);
    expect(result.code, result.stderr).toBe(0);
    const html = await readFile(path.join(elsewhere, 'report.html'), 'utf8');
    expect(html).toContain('bad menu');
    expect(html).toContain(second.clientId);
  });

  it("report show takes the report address of a JSON log's run_end as it is", async (context) => {
    if (!available) return context.skip();
    const state = schemaUrl(testSchema());
    const [first, second] = worlds as [CliWorld, CliWorld];
    for (const w of [first, second]) {
      const args = w.args('apply', await w.writeExport('m.csv', menuCsv(3)), '--yes', '--log-format', 'json');
      expect((await w.run(args.map((a) => (a === w.stateDir ? state : a)))).code).toBe(0);
    }
    const again = second.args(
      'apply',
      await second.writeExport('m2.csv', menuCsv(4)),
      '--yes',
      '--log-format',
      'json',
    );
    const logged = await second.run(again.map((a) => (a === second.stateDir ? state : a)));
    const end = logged.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; report?: string })
      .find((event) => event.event === 'run_end');
    expect(end?.report, logged.stderr).toMatch(/^postgres:\/\/.*#.+\/runs\/.+\/report\.html$/);
    const elsewhere = testTempDir('address');
    const result = await runPrinted(
      `menusync report show ${shellWord(end!.report!)} --out r.html`,
      elsewhere,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(path.join(elsewhere, 'r.html'), 'utf8')).toContain('item-4');
    const md = await runPrinted(
      `menusync report show ${shellWord(end!.report!.replace(/html$/, 'md'))}`,
      elsewhere,
    );
    expect(md.code, md.stderr).toBe(0);
  });

  it('quotes what a shell would split or expand', () => {
    expect(shellWord('postgres://u@h:5432/db?schema=s1')).toBe("'postgres://u@h:5432/db?schema=s1'");
    expect(shellWord("it's $HOME")).toBe(`'it'\\''s $HOME'`);
    expect(shellWord('20261129T030228284Z-42b921')).toBe('20261129T030228284Z-42b921');
  });
});
