import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { runInline } from './helpers.js';

// The worked example of docs/mapping-format.md, run as written: the doc cannot drift from the code.
function docBlocks(): { csv: string; yaml: string; json: unknown } {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/mapping-format.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Worked example'));
  const block = (lang: string) => {
    const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section);
    if (!m?.[1]) throw new Error(`no ${lang} block in the worked example`);
    return m[1];
  };
  return { csv: block('csv'), yaml: block('yaml'), json: JSON.parse(block('json')) as unknown };
}

describe('the worked example in docs/mapping-format.md', () => {
  it('produces exactly the documented menu with no issues', async () => {
    const { csv, yaml, json } = docBlocks();
    const result = await runInline(yaml, { 'items.csv': csv });
    expect(result.issues).toEqual([]);
    const strip = (menu: unknown) =>
      JSON.parse(JSON.stringify(menu), (key, value: unknown) =>
        key === 'position' && typeof value === 'number' ? undefined : value,
      ) as unknown;
    expect(strip(result.menu)).toEqual(strip(json));
    expect(result.stats).toMatchObject({ rows: 3, categories: 2, products: 2, options: 2, option_values: 4 });
  });
});
