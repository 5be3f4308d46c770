import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMapping } from '../../src/mapping/loader.js';
import { HEADER } from './helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';

const mappingText = (category: string) => `${HEADER}sources: { items: {} }
kind: table
table:
  source: items
  product: { ext_id: "{Handle}", name: { column: Name } }
  category: { name: { value: ${category} } }
`;

describe('a mapping loaded again by the same process (a fleet)', () => {
  it('is parsed once while its file is unchanged, and frozen against changes by a run', async () => {
    const file = path.join(testTempDir('mapping-cache'), 'm.yaml');
    writeFileSync(file, mappingText('Menu'));
    const first = await loadMapping(file);
    const second = await loadMapping(file);
    expect(second.mapping).toBe(first.mapping);
    expect(Object.isFrozen(first.mapping)).toBe(true);
    expect(() => {
      (first.mapping as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('is read again once its file is edited, even to the same size and modification time', async () => {
    const file = path.join(testTempDir('mapping-cache'), 'm.yaml');
    writeFileSync(file, mappingText('Menu'));
    const before = await loadMapping(file);
    writeFileSync(file, mappingText('Meal'));
    // The same size and mtime as before: only the change time (and content) tells the edit.
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    const after = await loadMapping(file);
    expect(after.mapping).not.toBe(before.mapping);
    const category = (after.mapping as { table: { category: { name: { value: string } } } }).table.category;
    expect(category.name.value).toBe('Meal');
  });

  it('is read again, with its error, once its file turns invalid', async () => {
    const file = path.join(testTempDir('mapping-cache'), 'm.yaml');
    writeFileSync(file, mappingText('Menu'));
    await loadMapping(file);
    writeFileSync(file, mappingText('Menu').replace('kind: table', 'kind: tabel'));
    await expect(loadMapping(file)).rejects.toThrow(/m\.yaml/);
  });
});
