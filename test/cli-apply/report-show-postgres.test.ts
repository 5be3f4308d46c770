import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postgresAvailable, schemaUrl, testSchema } from '../state/postgres-fixture.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// Reports kept in PostgreSQL state, written out by `menusync report show` and opened in a real
// headless Chromium (Debian's `chromium` package: .ci/run installs it).

const CHROMIUM = '/usr/bin/chromium';
const run = promisify(execFile);

let available = false;
beforeAll(async () => {
  available = await postgresAvailable();
  if (!existsSync(CHROMIUM)) console.warn(`SKIPPED the Chromium check of report show: no ${CHROMIUM}`);
});

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

/** The page as headless Chromium renders it (the DOM after load): its title and its text. */
async function openInChromium(file: string): Promise<string> {
  const profile = testTempDir('chromium');
  const { stdout } = await run(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      '--dump-dom',
      `file://${file}`,
    ],
    { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

describe('menusync report show, from PostgreSQL state', () => {
  it(
    'writes the stored HTML report of the last run, which Chromium opens with its title and the changed row',
    { timeout: 300_000 },
    async (context) => {
      if (!available) return context.skip();
      const state = schemaUrl(testSchema());
      const apply = (input: string) =>
        w.run([
          'apply',
          ...w
            .args('apply', input, '--yes', '--quiet')
            .slice(1)
            .map((a) => (a === w.stateDir ? state : a)),
        ]);
      expect((await apply(await w.writeExport('v1.csv', menuCsv(12)))).code).toBe(0);
      const changed = await apply(
        await w.writeExport('v2.csv', menuCsv(12).replace('item-5,Item 5,', 'item-5,Item Five,')),
      );
      expect(changed.code, changed.stderr).toBe(0);

      const file = path.join(w.dir, 'last.html');
      const shown = await w.run(['report', 'show', '--state', state, '--format', 'html', '--out', file]);
      expect(shown.code, shown.stderr).toBe(0);
      const html = await readFile(file, 'utf8');
      expect(html).toContain('<title>menusync apply: ~ 1 product</title>');

      const md = await w.run(['report', 'show', '--state', state, '--format', 'md']);
      expect(md.stdout).toMatch(/^## menusync apply: \\~ 1 product/);
      const json = await w.run(['report', 'show', '--state', state, '--format', 'json']);
      expect(JSON.parse(json.stdout)).toMatchObject({ command: 'apply', outcome: 'applied' });

      if (!existsSync(CHROMIUM)) return;
      const dom = await openInChromium(file);
      expect(dom).toContain('<title>menusync apply: ~ 1 product</title>');
      expect(dom).toMatch(/<td>item-5<\/td><td[^>]*>Item Five<\/td>.*<td>name<\/td>/);
    },
  );

  it('refuses a run that is not kept (exit 2)', { timeout: 120_000 }, async (context) => {
    if (!available) return context.skip();
    const state = schemaUrl(testSchema());
    const input = await w.writeExport('v1.csv', menuCsv(3));
    const args = w.args('apply', input, '--yes', '--quiet').map((a) => (a === w.stateDir ? state : a));
    expect((await w.run(args)).code).toBe(0);
    const missing = await w.run(['report', 'show', '20200101', '--state', state]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no run 20200101 is kept for this target');
  });
});
