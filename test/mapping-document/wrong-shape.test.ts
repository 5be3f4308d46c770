import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// Another POS's JSON given to a document mapping must not map to an empty menu with exit 0.

const write = (name: string, content: string) => {
  const file = path.join(testTempDir('shape'), name);
  writeFileSync(file, content);
  return file;
};

const OTHER = JSON.stringify({ store: { title: 'Not a menu' }, orders: [{ id: 1, total: 3 }] });

describe('a JSON document of another shape', () => {
  it.each(['ubereats-menu', 'gloriafood-menu', 'square-catalog-api'])(
    '%s: an error at $ when the top-level selections match nothing',
    async (mapping) => {
      const result = await extractMenu({ mapping, inputs: [write('other.json', OTHER)] });
      expect(result.menu.products).toEqual([]);
      expect(result.issues.map((i) => [i.code, i.severity, i.location.path])).toEqual([
        ['missing-value', 'error', '$'],
      ]);
      expect(result.issues[0]?.message).toContain(`it is not the export mapping "${mapping}" reads`);
      expect(result.stats.errors).toBe(1);
    },
  );

  it("gives no such error for another mapping's real fixture shape it does read, nor for an empty document", async () => {
    const ok = await extractMenu({
      mapping: 'ubereats-menu',
      inputs: [path.join(REPO_ROOT, 'mappings/ubereats-menu/fixtures/menu.json')],
    });
    expect(ok.issues.filter((i) => i.location.path === '$')).toEqual([]);
    const empty = await extractMenu({ mapping: 'gloriafood-menu', inputs: [write('empty.json', '{}')] });
    expect(empty.issues).toEqual([]);
  });

  it('names both selections when the mapping has categories', async () => {
    const result = await extractMenu({ mapping: 'gloriafood-menu', inputs: [write('o.json', OTHER)] });
    expect(result.issues[0]?.message).toMatch(
      /^neither categories \(.+\) nor products \(.+\) matched anything/,
    );
  });
});
