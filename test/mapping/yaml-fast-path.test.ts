import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { LineCounter, parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load-config.js';
import { yamlToData } from '../../src/mapping/yaml-data.js';
import { readYamlFast } from '../../src/mapping/yaml-fast-path.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

/** The reading of the `yaml` way (positions kept), or undefined where it has problems. */
function slowReading(text: string): { value: unknown } | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  const data = yamlToData(doc, lineCounter);
  return data.ok ? { value: data.value } : undefined;
}

/** Fast reading never differs from the slow one: it agrees, or it leaves the text to it. */
function expectSameOrLeft(text: string): 'fast' | 'left' {
  const fast = readYamlFast(text);
  if (fast === undefined) return 'left';
  expect(slowReading(text), text).toBeDefined();
  expect(fast.value, text).toEqual(slowReading(text)!.value);
  return 'fast';
}

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name) && !name.includes('node_modules'))
    .map((name) => path.join(dir, name));
}

describe('YAML read the fast way (js-yaml) when it reads as the `yaml` way would', () => {
  it('reads every shipped mapping and every YAML fixture as `yaml` does, and most of them fast', () => {
    const files = [
      ...yamlFilesUnder(path.join(PACKAGE_ROOT, 'mappings')),
      ...yamlFilesUnder(path.join(PACKAGE_ROOT, 'fixtures')),
    ];
    expect(files.length).toBeGreaterThan(40);
    const ways = files.map((file) => expectSameOrLeft(readFileSync(file, 'utf8')));
    expect(ways.filter((way) => way === 'fast').length).toBeGreaterThan(files.length * 0.8);
  });

  it('agrees on any data `yaml` writes, in block and flow style', () => {
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== '__proto__');
    const data = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    const ways = { fast: 0, left: 0 };
    fc.assert(
      fc.property(fc.dictionary(key, data, { minKeys: 1, maxKeys: 5 }), fc.boolean(), (value, flow) => {
        const text = stringify(value, flow ? { collectionStyle: 'flow' } : {});
        ways[expectSameOrLeft(text)]++;
      }),
      { numRuns: 400 },
    );
    // Left only for what the rule above names (a key "null" or "", say), not as a habit.
    expect(ways.fast).toBeGreaterThan(ways.left * 4);
  });

  it('leaves to the `yaml` way what js-yaml would read differently or not at all', () => {
    const left = [
      'a: &x 1\nb: *x', // an alias (yamlToData caps their expansion)
      'null: x', // js-yaml names a null key "null", `yaml` names it ""
      '~: x',
      '? \n: x',
      'a: 1\na: 2', // a repeated key
      'a: !custom x', // an unknown tag (`yaml` warns and reads a string)
      'a: !!binary aGk=',
      '---\na: 1\n---\nb: 2', // several documents
      '', // an empty file
      '__proto__: 1', // refused with its line
      'a:\n  b:\n    __proto__: {x: 1}',
      '? [a, b]\n: 1', // a collection as a key
      '{"null": 1}', // JSON too
    ];
    for (const text of left) expect(readYamlFast(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads scalars as YAML 1.2 core, as `yaml` does', () => {
    const texts = [
      'a: 014',
      'a: 0o14',
      'a: 0x1F',
      'a: 1_000',
      'a: 0b101',
      'a: 2026-11-29',
      'a: yes',
      'a: 12:30',
      'a: .inf',
      'a: .NaN',
      'a: 1e3',
      'a: TRUE',
      'a: ~',
      'a: "x\\ty"',
      "a: 'it''s'",
      'a: |\n  x\n  y\n',
      'a: >-\n  one\n  two\n',
      'a: b #c',
      'a: !!str 5',
      '1.50: x',
      '0x10: y',
      'False: x',
      '"": x',
      'a: [1, 2,]',
    ];
    for (const text of texts) expect(expectSameOrLeft(text), text).toBe('fast');
  });
});

describe('a config read the fast way', () => {
  const config = (targets: string) =>
    `defaults:\n  mapping: loyverse-items\n  base_url: https://platform.example.com/api\ntargets:\n${targets}`;

  it('is the config the `yaml` way reads, aliases and all', () => {
    const plain = config(
      '  a:\n    client_id: c-a\n    params: {store: Downtown}\n  b:\n    client_id: c-b\n',
    );
    const aliased = config(
      '  a:\n    client_id: c-a\n    params: &p {store: Downtown}\n  b:\n    client_id: c-b\n    params: *p\n',
    );
    expect(readYamlFast(plain)).toBeDefined();
    expect(readYamlFast(aliased)).toBeUndefined();
    const read = parseConfig(aliased, 'menusync.config.yaml', {});
    expect(read.targets.b?.params).toEqual({ store: 'Downtown' });
    expect(read.targets.a?.client_id).toBe('c-a');
    expect(parseConfig(plain, 'menusync.config.yaml', {}).targets.a).toEqual(read.targets.a);
  });

  it('still names the line of a problem, which only the `yaml` way knows', () => {
    const text = config('  a:\n    client_id: c-a\n    colour: blue\n');
    expect(() => parseConfig(text, 'fleet.yaml', {})).toThrow(/fleet\.yaml:7: /);
    const missing = config('  a:\n    client_id: ${NOT_SET_HERE}\n');
    expect(() => parseConfig(missing, 'fleet.yaml', {})).toThrow(/fleet\.yaml:6: .*NOT_SET_HERE/);
  });
});
