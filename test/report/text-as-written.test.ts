import { describe, expect, it } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { plan } from '../../src/plan/index.js';
import { renderHtml, renderJson, renderTerminal } from '../../src/report/index.js';
import { reportOf } from './sample-report.js';

// Names in right-to-left scripts, with combining marks and emoji, as a restaurant writes them.
const ARABIC = 'شاي بالنعناع';
const HEBREW = 'שָׁלוֹם'; // with niqqud (combining points)
const CHEF = 'Chef 👨‍🍳 spécial'; // an emoji ZWJ sequence

function menu(): CanonicalMenu {
  return {
    categories: [{ ext_id: 'drinks', name: 'مشروبات', position: 1 }],
    products: [
      { ext_id: 'tea', category_ext_id: 'drinks', name: ARABIC, price: 2 },
      { ext_id: 'shalom', category_ext_id: 'drinks', name: HEBREW, price: 3 },
      { ext_id: 'chef', category_ext_id: 'drinks', name: CHEF, price: 4 },
    ],
  };
}

describe('names as written in the reports', () => {
  const added = reportOf(plan(menu(), null, { posUid: 'main' }));

  it('marks every name cell of the HTML report dir="auto", text unchanged', () => {
    const html = renderHtml(added);
    for (const name of ['مشروبات', ARABIC, HEBREW, CHEF])
      expect(html).toContain(`<td dir="auto">${name}</td>`);
  });

  it('marks a renamed value dir="auto" too', () => {
    const renamed = menu();
    renamed.products[0]!.name = 'شاي أخضر';
    const html = renderHtml(reportOf(plan(renamed, menu(), { posUid: 'main' })));
    expect(html).toContain(
      `<td dir="auto">&quot;${ARABIC}&quot;</td><td dir="auto">&quot;شاي أخضر&quot;</td>`,
    );
  });

  it('keeps combining marks and emoji in the terminal and JSON reports', () => {
    const text = renderTerminal(added, { color: false });
    expect(text).toContain(`+ product shalom "${HEBREW}"`);
    expect(text).toContain(`+ product chef "${CHEF}"`);
    const json = renderJson(added);
    expect(json).toContain(HEBREW);
    expect(json).toContain(CHEF);
  });
});
