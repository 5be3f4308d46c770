import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownFormats } from '../../src/init/known-formats.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { loadMapping } from '../../src/mapping/loader.js';
import { ImportPayload, validateMenu } from '../../src/model/index.js';
import { REPO_ROOT as ROOT } from './helpers.js';

// One contract for every shipped mapping (Renovate's manager/index.spec.ts): it loads, it is
// documented, it has our own fixture, and that fixture maps to a valid, non-empty menu.

const MAPPINGS = path.join(ROOT, 'mappings');
const formats = await knownFormats(MAPPINGS);
const recognitions = [...formats.table, ...formats.document];
// One folder per format: mappings/<name>/mapping.yaml.
const shipped = readdirSync(MAPPINGS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const docs = existsSync(path.join(ROOT, 'docs/mappings.md'))
  ? readFileSync(path.join(ROOT, 'docs/mappings.md'), 'utf8')
  : '';
// A mapping's section in docs/mappings.md is a heading that names it, e.g. `## Loyverse items (`loyverse-items`)`.
const headings = docs.split('\n').filter((line) => /^#{2,4} /.test(line));

it('finds the shipped mappings', () => {
  expect(shipped.length).toBeGreaterThan(0);
});

describe.each(shipped)('shipped mapping %s', (name) => {
  const dir = path.join(MAPPINGS, name);
  const file = path.join(dir, 'mapping.yaml');

  it('loads without problems, named as its folder, pointing editors at the schema', async () => {
    const { mapping } = await loadMapping(file);
    expect(mapping.name).toBe(name);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../mapping.schema.json',
    );
  });

  it('is documented: a title, a description and a section in docs/mappings.md', async () => {
    const { mapping } = await loadMapping(file);
    expect(mapping.title.trim().length).toBeGreaterThan(5);
    expect(mapping.description.trim().length).toBeGreaterThan(40);
    expect(
      headings.some((h) => h.includes(name)),
      `a heading naming ${name} in docs/mappings.md`,
    ).toBe(true);
  });

  it('declares what becomes of a product without a real price (`unpriced`)', async () => {
    const { mapping } = await loadMapping(file);
    expect(['hide', 'skip', 'error']).toContain(mapping.unpriced);
  });

  it('is recognized by `menusync init`', () => {
    expect(recognitions.map((f) => f.mapping)).toContain(name);
  });

  it('maps its own fixture to a non-empty menu with no errors, valid for the platform', async () => {
    const { mapping } = await loadMapping(file);
    const fixtures = mapping.fixtures ?? [];
    expect(fixtures.length, 'a `fixtures:` list').toBeGreaterThan(0);
    for (const fixture of fixtures) {
      expect(fixture.startsWith('fixtures/'), `${fixture} is under its folder's fixtures/`).toBe(true);
      expect(existsSync(path.join(dir, fixture)), `${fixture} exists`).toBe(true);
    }
    const result = await extractMenu({ mapping: name, inputs: fixtures.map((f) => path.join(dir, f)) });
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.stats.errors).toBe(0);
    expect(result.menu.products.length).toBeGreaterThan(0);
    expect(validateMenu(result.menu).filter((i) => i.severity === 'error')).toEqual([]);
    const payload = { pos_uid: 'contract-test', update_mode: 'replace', ...result.menu };
    expect(ImportPayload.safeParse(payload).success).toBe(true);
  });
});

it('every format `menusync init` recognizes has its shipped mapping', () => {
  const names = new Set(shipped);
  for (const format of recognitions) {
    expect(names.has(format.mapping), `mappings/${format.mapping}/mapping.yaml for ${format.id}`).toBe(true);
  }
});
