import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/display-width.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { fixturePath } from '../mappings/helpers.js';
import { startWorld, type CliWorld } from './fixture.js';

// A menu in Cyrillic, Greek, Japanese, Korean, Arabic, Hebrew and Thai, every ext_id derived from
// a name, extracted and applied through the CLI to a real sandbox, then read back.

const MAPPING = fixturePath('world-scripts/mapping.yaml');
const INPUT = fixturePath('world-scripts/menu.csv');

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

async function rows(): Promise<Record<string, string>[]> {
  return parse(await readFile(INPUT, 'utf8'), { columns: true }) as Record<string, string>[];
}

async function extract(): Promise<CanonicalMenu> {
  const result = await w.run(['extract', '--mapping', MAPPING, '--input', INPUT]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toContain('0 warnings, 0 errors');
  return JSON.parse(result.stdout) as CanonicalMenu;
}

const apply = () =>
  w.run([
    'apply',
    '--mapping',
    MAPPING,
    '--input',
    INPUT,
    '--state',
    w.stateDir,
    '--yes',
    '--max-attempts',
    '1',
  ]);

describe('a menu in seven scripts', () => {
  it('gives every category its own ext_id, the same on a second run', async () => {
    const first = await extract();
    const categoryNames = [...new Set((await rows()).map((row) => row.Category))];
    expect(first.categories.map((c) => c.name)).toEqual(categoryNames);
    const ids = first.categories.map((c) => c.ext_id);
    expect(new Set(ids).size).toBe(categoryNames.length);
    for (const id of ids) expect(id).toMatch(/^cat-([a-z0-9]+-)*[0-9a-f]{8}$/);
    expect(new Set(first.products.map((p) => p.ext_id)).size).toBe(first.products.length);

    const second = await extract();
    expect(second).toEqual(first);
  });

  it('applies, reads back every name unchanged, and plans no change on a second apply', async () => {
    const applied = await apply();
    expect(applied.code, applied.stderr).toBe(0);

    const input = await rows();
    const live = w.sandbox.exportMenu(w.clientId);
    expect(live.products.map((p) => p.name)).toEqual(input.map((row) => row.Name));
    expect(live.products.find((p) => p.name === 'ラーメン')?.description).toBe('醤油味 🍜');
    const spicy = live.products.find((p) => p.name === 'Борщ')?.options?.[0];
    expect(spicy?.name).toBe('Острота');
    expect(spicy?.option_values?.map((v) => v.name)).toEqual(['Мягкий', 'Острый 🌶️']);

    // What `remote categories` lists: the names the platform holds, lined up by display width.
    const remote = await w.run(['remote', 'categories']);
    expect(remote.code, remote.stderr).toBe(0);
    const listed = remote.stdout.trimEnd().split('\n').slice(1, -1);
    const categoryNames = [...new Set(input.map((row) => row.Category))];
    expect(listed.map((line) => line.split(/\s{2,}/)[0])).toEqual(categoryNames);
    const idColumns = listed.map((line) => displayWidth(line.slice(0, line.indexOf('cat-'))));
    expect(new Set(idColumns)).toEqual(new Set([idColumns[0]]));

    const again = await apply();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^no changes/);
    expect(w.imports()).toBe(1);
  });
});
