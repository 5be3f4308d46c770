import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { HEADER, runInline } from './helpers.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

// Issue 30 §4: names users write are looked up in maps without a prototype. `__proto__` is refused
// with its line (zod drops it from a record without a word); `constructor`, `toString` and the like
// are names like any other, never the methods every plain object has. (Config targets: config-file.test.ts.)

describe('mapping names like prototype members', () => {
  const mapping = (name: string, extra = '') => `${HEADER}${extra}sources: { items: { format: csv } }
kind: table
table:
  source: items
  category: { name: Food }
  product: { ext_id: '{Id}', name: '${name}', price: { column: Price, transforms: [money] } }
`;

  it('renders {@param.constructor} and {@constructor} as nothing, not as a function', async () => {
    const result = await runInline(mapping('{Name}{@param.constructor}{@constructor}{@param.toString}'), {
      'items.csv': 'Id,Name,Price\n1,Tea,2\n',
    });
    expect(result.menu.products.map((p) => p.name)).toEqual(['Tea']);
    const alone = await runInline(mapping('{@param.constructor}'), {
      'items.csv': 'Id,Name,Price\n1,Tea,2\n',
    });
    expect(alone.issues.map((i) => i.code)).toEqual(['missing-value']);
  });

  it('reads a declared parameter named constructor, and its default when none is given', async () => {
    const declared = "parameters: { constructor: { description: a store, default: 'Main' } }\n";
    const csv = { 'items.csv': 'Id,Name,Price\n1,Tea,2\n' };
    expect(
      (await runInline(mapping('{Name} {@param.constructor}', declared), csv)).menu.products[0]?.name,
    ).toBe('Tea Main');
    const given = await runInline(mapping('{Name} {@param.constructor}', declared), csv, {
      constructor: 'Annex',
    });
    expect(given.menu.products[0]?.name).toBe('Tea Annex');
  });

  it('refuses __proto__ as a key of a mapping in YAML and in JSON, with its line', () => {
    const yaml = `${HEADER}sources:\n  __proto__: { format: csv }\n`;
    expect(() => parseMappingText(yaml, 'm.yaml')).toThrow(/m\.yaml:6: "__proto__" cannot be a key/);
    const json = JSON.stringify({ version: 1, sources: { ['__proto__']: { format: 'csv' } } }, null, 1);
    expect(() => parseMappingText(json, 'm.json')).toThrow(/m\.json:4: "__proto__" cannot be a key/);
  });
});

describe('command-line names like prototype members', () => {
  const demo = ['--mapping', path.join(REPO_ROOT, 'fixtures/demo/demo-mapping.yaml')];
  const input = ['--input', path.join(REPO_ROOT, 'fixtures/demo/menu-v1.csv')];

  it.each([
    [['--param', '__proto__=x'], '--param: "__proto__" cannot be a parameter name'],
    [['--param', 'constructor=x'], 'mapping "demo-mapping" has no parameter "constructor"'],
    [['--encoding', 'constructor'], '--encoding constructor is not an encoding menusync reads'],
  ])('refuses %j with exit 2', async (flags, message) => {
    const r = await runCli(['extract', ...demo, ...input, ...flags]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(message);
  });
});
