import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MappingError } from '../../src/mapping/loader.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { HEADER } from './helpers.js';

// A template means the same in a table mapping (a CSV row's columns) and in a document mapping (a
// JSON record's fields): the same functions, `join` included, the same errors for an unknown
// function, and the same trimming. Each case runs through both, as mapping files on disk.

const RECORD = { Id: '1', Name: '  Café Crème  ', Size: ' L ', Empty: '   ', Price: '4.50' };

const TABLE = (template: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  category: { name: { value: Menu } }
  product:
    ext_id: "{Id}"
    name: ${JSON.stringify(template)}
    price: { column: Price, transforms: [money] }
`;

const DOCUMENT = (template: string) => `${HEADER}sources: { items: { format: json } }
kind: document
document:
  products:
    select: '$.items[*]'
    ext_id: '{Id}'
    category_fallback: { ext_id: menu, name: Menu }
    name: ${JSON.stringify(template)}
    price: { path: Price, transforms: [money] }
`;

type Mode = 'table' | 'document';

/** The product's name the template gives, or the error the mapping fails to load with. */
async function render(mode: Mode, template: string): Promise<string> {
  const dir = testTempDir('template-modes');
  const mapping = path.join(dir, 'mapping.yaml');
  const input = path.join(dir, mode === 'table' ? 'items.csv' : 'items.json');
  const text = mode === 'table' ? TABLE(template) : DOCUMENT(template);
  writeFileSync(mapping, text);
  const csv = `${Object.keys(RECORD).join(',')}\n${Object.values(RECORD)
    .map((cell) => `"${cell}"`)
    .join(',')}\n`;
  writeFileSync(input, mode === 'table' ? csv : JSON.stringify({ items: [RECORD] }));
  const result = await extractMenu({ mapping, inputs: [input] }).catch((error: unknown) => {
    if (error instanceof MappingError) return error;
    throw error;
  });
  if (result instanceof MappingError) {
    // Located: the file and the line of the template.
    const line = text.split('\n').findIndex((l) => l.startsWith('    name: ')) + 1;
    expect(result.message).toContain(`${mapping}:${line}: `);
    return `error: ${result.problems.join('; ')}`;
  }
  expect(result.issues).toEqual([]);
  return result.menu.products[0]?.name ?? '(no product)';
}

describe('templates in table and document mappings', () => {
  it.each([
    ['{Name}', 'Café Crème'],
    ['{Name} ({Size})', 'Café Crème (L)'],
    ['{slug(Name)}', 'cafe-creme'],
    ['{upper( Name )}', 'CAFÉ CRÈME'],
    ['  {lower(Name)}  ', 'café crème'],
    ['{trim(Size)}-{Name}', 'L-Café Crème'],
    ['{join(Name)}', 'Café Crème'],
    ['{{{Size}}}', '{L}'],
    ['{Name}{Empty}!', 'Café Crème!'],
    ['{Empty} {Name} {Empty}', 'Café Crème'],
  ])('%j gives %j in both', async (template, expected) => {
    expect(await render('table', template)).toBe(expected);
    expect(await render('document', template)).toBe(expected);
  });

  it.each([
    ['{slg(Name)}', 'unknown function "slg" (known: slug, lower, upper, trim, join)'],
    ['{constructor(Name)}', 'unknown function "constructor"'],
    ['{slug()}', 'slug() needs a'],
    ['{join( )}', 'join() needs a'],
    ['{Name', 'unclosed "{"'],
    ['Name}', 'unmatched "}"'],
  ])('%j is a located mapping error in both: %s', async (template, error) => {
    for (const mode of ['table', 'document'] as const) {
      const result = await render(mode, template);
      expect(result, mode).toMatch(/^error: /);
      expect(result, mode).toContain(error);
    }
  });
});
