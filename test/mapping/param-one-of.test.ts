import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { runMapping } from '../../src/mapping/extract-menu.js';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';

// `one_of` on a parameter: refused at load where it cannot apply, checked at the run where it can.

const HEAD = `
version: 1
name: t
title: T
description: d
parameters:
  store: { description: s, default: any, one_of: { select: 'STORES', also: [any] } }
`;

const DOCUMENT = `${HEAD.replace('STORES', '$.stores[*].id')}sources: { menu: { format: json } }
kind: document
document:
  products:
    select: '$.items[*]'
    ext_id: '{id}'
    name: '{name}'
    price: { path: price }
    category_fallback: { ext_id: menu, name: Menu }
`;

let dir: string;
let menu: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-one-of-'));
  menu = path.join(dir, 'menu.json');
  const stores = [{ id: 'north' }, { id: 'south' }];
  await writeFile(menu, JSON.stringify({ stores, items: [{ id: 'a', name: 'A', price: 2 }] }));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('parameter one_of', () => {
  it('is refused on a table mapping, which has no document to read the values from', () => {
    const table = `${HEAD.replace('STORES', '$.stores[*].id')}sources: { items: { format: csv } }
kind: table
table:
  source: items
  product: { ext_id: '{ID}', name: { column: Name }, price: { column: Price } }
  category: { name: { value: Menu } }
`;
    expect(() => parseMappingText(table, 't.yaml')).toThrow(/only document mappings take it/);
  });

  it('must be a path the document engine can read', () => {
    const bad = DOCUMENT.replace('$.stores[*].id', '$.stores[*');
    expect(() => parseMappingText(bad, 't.yaml')).toThrow(/parameters\.store\.one_of\.select/);
  });

  it('takes a value the document has, or one of also', async () => {
    const mapping = parseMappingText(DOCUMENT, 't.yaml');
    for (const store of ['north', 'south', 'any']) {
      const result = await runMapping(mapping, [menu], { store });
      expect(result.stats.products).toBe(1);
    }
  });

  it('refuses any other value with a usage error naming the values there are', async () => {
    const mapping = parseMappingText(DOCUMENT, 't.yaml');
    const error = await runMapping(mapping, [menu], { store: 'east' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      exitCode: 2,
      message: `mapping "t": params store=east is not a value ${menu} has ($.stores[*].id)`,
      hint: 'use one of: north, south, any',
    });
  });

  it('names the parameters as the caller does (the CLI: --param)', async () => {
    const mapping = parseMappingText(DOCUMENT, 't.yaml');
    const given = { store: 'east' };
    const error = await runMapping(mapping, [menu], given, { names: FLAG_NAMES }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('mapping "t": --param store=east is not a value');
  });
});
