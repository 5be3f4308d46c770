import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import { knownFormats, parseFormatFile } from '../../src/init/known-formats.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { loadMapping } from '../../src/mapping/loader.js';
import { ImportPayload, validateMenu } from '../../src/model/index.js';
import { REPO_ROOT as ROOT } from './helpers.js';

// One contract for every shipped format (Renovate's manager/index.spec.ts), found as a folder
// mappings/<name>/ (docs/mappings.md "Adding a format"): the mapping loads and is named as its
// folder, it is documented and indexed, init recognizes it from format.yaml, and every fixture of
// the folder maps to a valid, non-empty menu.

const MAPPINGS = path.join(ROOT, 'mappings');
const folders = readdirSync(MAPPINGS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const formats = await knownFormats(MAPPINGS);
const recognitions = [...formats.table, ...formats.document];
const index = readFileSync(path.join(ROOT, 'docs/mappings.md'), 'utf8');

it('finds the format folders', () => {
  expect(folders.length).toBeGreaterThan(0);
});

/**
 * The runs a folder's fixtures make: the mapping's `fixtures:` list read together (a format read
 * from several files), then every other file of fixtures/ alone.
 */
function fixtureRuns(dir: string, listed: readonly string[]): string[][] {
  const fixturesDir = path.join(dir, 'fixtures');
  const files = existsSync(fixturesDir)
    ? readdirSync(fixturesDir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => path.join(fixturesDir, entry.name))
        .sort()
    : [];
  const together = listed.map((file) => path.join(dir, file));
  const alone = files.filter((file) => !together.includes(file)).map((file) => [file]);
  return together.length > 0 ? [together, ...alone] : alone;
}

describe.each(folders)('format folder %s', (name) => {
  const dir = path.join(MAPPINGS, name);
  const file = path.join(dir, 'mapping.yaml');

  it('holds a mapping that loads, named as its folder, pointing editors at the schema', async () => {
    const { mapping } = await loadMapping(file);
    expect(mapping.name).toBe(name);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../mapping.schema.json',
    );
  });

  it('is documented: a title, a description, a README.md naming it, linked from docs/mappings.md', async () => {
    const { mapping } = await loadMapping(file);
    expect(mapping.title.trim().length).toBeGreaterThan(5);
    expect(mapping.description.trim().length).toBeGreaterThan(40);
    const readme = path.join(dir, 'README.md');
    expect(existsSync(readme), `${name}/README.md`).toBe(true);
    const text = readFileSync(readme, 'utf8');
    expect(text.split('\n')[0], 'a title naming the mapping').toMatch(new RegExp(`^# .*\`${name}\``));
    expect(text.trim().length, 'more than a title').toBeGreaterThan(400);
    expect(index, `docs/mappings.md links ${name}/README.md`).toContain(`](../mappings/${name}/README.md)`);
  });

  it('says in its README which source column or field gives the price', () => {
    const text = readFileSync(path.join(dir, 'README.md'), 'utf8');
    // A "Which price goes live" paragraph, or a Price entry in the list of what is read.
    expect(text, `${name}/README.md: which price`).toMatch(
      /(Which price goes live|^- \*\*Prices?\b|^- Price:)/m,
    );
  });

  it('declares what becomes of a product without a real price (`unpriced`)', async () => {
    const { mapping } = await loadMapping(file);
    expect(['hide', 'skip', 'error']).toContain(mapping.unpriced);
  });

  it('has a valid format.yaml with at least one recognition for `menusync init`', () => {
    const formatFile = path.join(dir, 'format.yaml');
    expect(existsSync(formatFile), `${name}/format.yaml`).toBe(true);
    expect(parseFormatFile(readFileSync(formatFile, 'utf8'), formatFile).recognize.length).toBeGreaterThan(0);
    expect(recognitions.filter((f) => f.mapping === name).length).toBeGreaterThan(0);
  });

  it('maps every fixture to a non-empty menu with no errors, valid for the platform, and init recognizes it', async () => {
    const { mapping } = await loadMapping(file);
    const listed = mapping.fixtures ?? [];
    for (const fixture of listed) {
      expect(fixture.startsWith('fixtures/'), `${fixture} is under its folder's fixtures/`).toBe(true);
      expect(existsSync(path.join(dir, fixture)), `${fixture} exists`).toBe(true);
    }
    const runs = fixtureRuns(dir, listed);
    expect(runs.length, 'at least one fixture').toBeGreaterThan(0);
    for (const inputs of runs) {
      const first = inputs[0] ?? '';
      const where = path.relative(dir, first);
      const { recognition } = await initMapping({ input: first });
      expect(recognition?.format.mapping, `init recognizes ${where}`).toBe(name);
      const params = recognition?.kind === 'table' ? recognition.params : {};
      const result = await extractMenu({ mapping: name, inputs, params });
      expect(
        result.issues.filter((i) => i.severity === 'error'),
        where,
      ).toEqual([]);
      expect(result.stats.errors, where).toBe(0);
      expect(result.menu.products.length, where).toBeGreaterThan(0);
      expect(
        validateMenu(result.menu).filter((i) => i.severity === 'error'),
        where,
      ).toEqual([]);
      const payload = { pos_uid: 'contract-test', update_mode: 'replace', ...result.menu };
      expect(ImportPayload.safeParse(payload).success, where).toBe(true);
    }
  });
});

it('every recognition `menusync init` knows belongs to a format folder with its mapping', () => {
  for (const format of recognitions) {
    expect(existsSync(path.join(MAPPINGS, format.mapping, 'mapping.yaml')), `${format.id}`).toBe(true);
  }
});
