import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMenu, runMapping } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

// A Toast-style export: groups nested in groups, modifier lookup tables keyed by id, option
// ext_ids that must be the guid of the record a numeric reference names.

const DIR = path.join(REPO_ROOT, 'fixtures/toast-like');
const MAPPING = path.join(DIR, 'toast-like-menu.yaml');
const MENU = path.join(DIR, 'menu.json');
const mappingText = readFileSync(MAPPING, 'utf8');

describe('a Toast-style export', () => {
  it('maps every nested group to a category, in the order the document lists them', async () => {
    const result = await extractMenu({ mapping: MAPPING, inputs: [MENU] });
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => [c.name, c.position])).toEqual([
      ['Pizza', 1],
      ['White pizza', 2],
      ['Truffle', 3],
      ['Drinks', 4],
    ]);
    expect(result.menu.products.map((p) => [p.name, p.category_ext_id, p.hidden])).toEqual([
      ['Margherita', 'a1d0-group-pizza', false],
      ['Bianca', 'a1d1-group-white', false],
      ['Tartufo', 'a1d2-group-truffle', true],
      ['Cola', 'a1d3-group-drinks', false],
    ]);
  });

  it('reads the modifier tables keyed by id and takes every ext_id from a guid, never a number', async () => {
    const result = await extractMenu({ mapping: MAPPING, inputs: [MENU] });
    const bianca = result.menu.products.find((p) => p.name === 'Bianca');
    expect(
      bianca?.options?.map((o) => [
        o.ext_id,
        o.name,
        o.type,
        o.max_selectable,
        o.option_values?.map((v) => [v.ext_id, v.name, v.price_operand]),
      ]),
    ).toEqual([
      [
        'e5b0-group-size',
        'Size',
        'single',
        1,
        [
          ['f9a0-option-regular', 'Regular', 0],
          ['f9a1-option-large', 'Large', 3],
        ],
      ],
      [
        'e5b1-group-extras',
        'Extras',
        undefined,
        2,
        [
          ['f9a2-option-burrata', 'Burrata', 2.5],
          ['f9a3-option-chili', 'Chili oil', 0.5],
        ],
      ],
    ]);
    // The group no item names is counted, not dropped silently.
    expect(result.skipped).toEqual([{ reason: 'modifier group no item uses', count: 1 }]);
  });

  it('reports [*] over the id-keyed table as one located error instead of one record', async () => {
    const wrong = mappingText.replace("'$.modifierGroupReferences.*'", "'$.modifierGroupReferences[*]'");
    expect(wrong).not.toBe(mappingText);
    const result = await runMapping(parseMappingText(wrong, MAPPING), [MENU], {});
    const notAList = result.issues.filter((i) => i.code === 'not-a-list');
    expect(notAList).toHaveLength(1);
    expect(notAList[0]).toMatchObject({
      severity: 'error',
      location: { file: MENU, path: '$.modifierGroupReferences' },
    });
    expect(notAList[0]?.message).toContain('write .* for its values');
  });

  it('reports a value lookup whose key names no record as an unknown-reference error at the reference', async () => {
    const document = JSON.parse(readFileSync(MENU, 'utf8')) as {
      modifierOptionReferences: Record<string, unknown>;
    };
    delete document.modifierOptionReferences['203'];
    const dir = mkdtempSync(path.join(tmpdir(), 'menusync-toast-'));
    const input = path.join(dir, 'menu.json');
    writeFileSync(input, JSON.stringify(document));
    try {
      const result = await runMapping(parseMappingText(mappingText, MAPPING), [input], {});
      expect(result.issues.map((i) => [i.code, i.severity, i.location.path, i.message])).toContainEqual([
        'unknown-reference',
        'error',
        "$.modifierGroupReferences['102'].modifierOptionReferences[0]",
        'no record in "options" has key "203"',
      ]);
      // The value without an ext_id is left out, never given a made-up one.
      const extras = result.menu.products.find((p) => p.name === 'Bianca')?.options?.[1];
      expect(extras?.option_values?.map((v) => v.ext_id)).toEqual(['f9a3-option-chili']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 from the CLI with the not-a-list error located in the file, and no stack trace', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'menusync-toast-cli-'));
    try {
      const wrong = path.join(dir, 'wrong.yaml');
      writeFileSync(
        wrong,
        mappingText.replace("'$.modifierGroupReferences.*'", "'$.modifierGroupReferences[*]'"),
      );
      const r = await runCli(['extract', '--mapping', wrong, '--input', MENU]);
      expect(r.code).toBe(2);
      const output = r.stdout + r.stderr;
      expect(output).toContain('not-a-list');
      expect(output).toContain('$.modifierGroupReferences');
      expect(output).toContain('write .* for its values');
      expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
