import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAPPING, menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

// config validate predicts the night: what the first run would find in each input's header (a
// column the mapping needs, a store parameter no column has) it says now, naming the columns there.

const CAFE = path.resolve(REPO_ROOT, '../shared/pos-samples/loyverse/cafe-maldives-export_items.csv');

let w: CliWorld;
const run = (...args: string[]) => runCli(args, { cwd: w.dir, env: { PLATFORM_URL: w.sandbox.url } });

async function writeConfig(name: string, targets: string[]): Promise<string> {
  const file = path.join(w.dir, name);
  const lines = ['state: ./state', 'defaults:', '  base_url: ${PLATFORM_URL}', `  client_id: ${w.clientId}`];
  lines.push('  client_secret_file: client.secret', 'targets:', ...targets, '');
  await writeFile(file, lines.join('\n'));
  return file;
}

beforeAll(async () => {
  w = await startWorld();
  await w.writeExport('client.secret', `${w.env.MENUSYNC_CLIENT_SECRET!}\n`);
});
afterAll(async () => {
  await w.close();
});

describe('config validate reads the headers of every input', () => {
  it('names a column the mapping needs that an input lacks, exit 2', async () => {
    await w.writeExport('menu.csv', menuCsv(3));
    await w.writeExport('no-price.csv', menuCsv(3).replace(',Price,', ',Cost,'));
    const config = await writeConfig('columns.yaml', [
      '  good:',
      `    mapping: ${DEMO_MAPPING}`,
      '    inputs: [menu.csv]',
      '  cut:',
      `    mapping: ${DEMO_MAPPING}`,
      '    inputs: [no-price.csv]',
      '    client_id: another-restaurant',
    ]);
    const result = await run('config', 'validate', '--config', config);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `target cut: ${path.join(w.dir, 'no-price.csv')}.*no column "Price" in the header \\[missing-column\\]`,
      ),
    );
    expect(result.stderr).not.toContain('target good');
    expect((await run('config', 'validate', '--config', config, '--target', 'good')).code).toBe(0);
  });

  it('names the stores of a Loyverse export when params.store has none of them', async (context) => {
    if (!existsSync(CAFE)) {
      console.warn(`SKIPPED config validate on a real Loyverse export: no ${CAFE}`);
      return context.skip();
    }
    const validate = async (store: string) => {
      const target = [
        '  cafe:',
        '    mapping: loyverse-items',
        `    inputs: [${CAFE}]`,
        `    params: { store: ${store} }`,
      ];
      return run('config', 'validate', '--config', await writeConfig(`${store}.yaml`, target));
    };
    const wrong = await validate('Chilo');
    expect(wrong.code, wrong.stderr).toBe(2);
    expect(wrong.stderr).toMatch(
      /target cafe: .*parameter store = "Chilo"; store values in this file: Chillo/,
    );
    const right = await validate('Chillo');
    expect(right.code, right.stderr).toBe(0);
  });
});
