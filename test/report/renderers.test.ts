import { describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import { renderHtml, renderJson, renderMarkdown, renderTerminal } from '../../src/report/index.js';
import { bigMenu, cafeMenu } from '../plan/menus.js';
import { reportOf, samplePlan } from './sample-report.js';

const applied = {
  command: 'apply' as const,
  applied: true,
  verified: false,
  verification: { status: 'drift' as const, details: ['category C2: name "Cakes" on the platform'] },
  attempts: 2,
  errors: [],
};

describe('terminal rendering', () => {
  it('renders a small plan Terraform style', async () => {
    const text = renderTerminal(reportOf(samplePlan()), { color: false });
    await expect(text).toMatchFileSnapshot('__snapshots__/plan.terminal.txt');
  });

  it('adds the outcome of an apply', () => {
    const text = renderTerminal(reportOf(samplePlan(), applied), { color: false });
    expect(text).toContain('Applied: yes (2 attempts)');
    expect(text).toContain('Verified: drift: category C2: name "Cakes" on the platform');
  });

  it('says what the read-back compared and what the platform cannot show, in every format', () => {
    const verification = {
      status: 'verified' as const,
      details: [],
      compared: { categories: 2, options: 1, optionValues: 3, productCounts: 2 },
      notShown: ["products' names, prices, descriptions, images and visibility"],
    };
    const report = reportOf(samplePlan(), { ...applied, verified: true, verification });
    const compared =
      'compared 2 categories (name, visibility, position), their 1 option and 3 values, and 2 product counts';
    const notShown = "not shown by the platform, so not compared: products' names, prices";
    for (const text of [
      renderTerminal(report, { color: false }),
      renderMarkdown(report),
      renderHtml(report).replaceAll('&#39;', "'"),
    ]) {
      expect(text).toContain(compared);
      expect(text).toContain(notShown);
    }
    expect(JSON.parse(renderJson(report))).toMatchObject({ verification });
  });

  it('colours only when asked', () => {
    expect(renderTerminal(reportOf(samplePlan()), { color: false })).not.toContain('\u001b[');
    expect(renderTerminal(reportOf(samplePlan()), { color: true })).toContain('\u001b[32m+ product P4');
  });

  it('caps entity lines on long plans and says how many are left', () => {
    const text = renderTerminal(reportOf(plan(bigMenu(500), null, { posUid: 'main' })), { color: false });
    // 501 lines: the category, then products in ext_id order.
    expect(text).toContain('+ product P0199 "Product 199"');
    expect(text).not.toContain('P0200');
    expect(text).toContain('... and 301 more lines');
  });

  it('says so when nothing changes', () => {
    const text = renderTerminal(reportOf(plan(cafeMenu(), cafeMenu(), { posUid: 'main' })), { color: false });
    expect(text).toBe('no changes\n\nPlan: none (no changes)\n');
  });

  it('shows why a plan is blocked', () => {
    const text = renderTerminal(reportOf(plan(cafeMenu(), null, { posUid: 'main', extractionErrors: 1 })), {
      color: false,
    });
    expect(text).toContain('Blocked: 1 extraction error: fix the input or mapping first');
  });
});

describe('Markdown rendering', () => {
  it('renders a small plan for a PR comment', async () => {
    // .txt, not .md: prettier would reformat a Markdown snapshot.
    await expect(renderMarkdown(reportOf(samplePlan()))).toMatchFileSnapshot(
      '__snapshots__/plan.markdown.txt',
    );
  });

  it('renders the apply result and escapes Markdown in names', () => {
    const result = samplePlan();
    result.entries.find((e) => e.ext_id === 'P4')!.name = 'Muffin | *big*';
    const md = renderMarkdown(reportOf(result, applied));
    expect(md).toContain('"Muffin \\| \\*big\\*"');
    expect(md).toContain('- Applied: yes (attempts: 2)');
    expect(md).toContain('  - category C2: name "Cakes" on the platform');
  });
});

describe('HTML rendering', () => {
  const nasty = () => {
    const desired = cafeMenu();
    desired.products.push({ ext_id: 'P6', category_ext_id: 'C1', name: '<script>alert("x")</script> & <b>' });
    return reportOf(plan(desired, cafeMenu(), { posUid: 'main' }), applied);
  };

  it('loads nothing from anywhere: no URL, no script, no external reference', () => {
    const html = renderHtml(nasty());
    for (const forbidden of [
      'http://',
      'https://',
      '//',
      'src=',
      'href=',
      'url(',
      '@import',
      '<script',
      '<link',
    ]) {
      expect(html, forbidden).not.toContain(forbidden);
    }
  });

  it('escapes every name', () => {
    const html = renderHtml(nasty());
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
  });

  it('highlights prices going up and down', () => {
    const html = renderHtml(reportOf(samplePlan()));
    expect(html).toMatch(/<td>price<\/td><td>4\.50<\/td><td class="down">4\.20 ▼<\/td>/);
    expect(html).toMatch(
      /<td>price_operand<\/td><td>0\.50<\/td><td class="up">0\.60 ▲ \(customer pays 5\.30 → 5\.40\)<\/td>/,
    );
    expect(html).toContain(
      '<td>name</td><td dir="auto">&quot;Cakes&quot;</td><td dir="auto">&quot;Cakes &amp; Pies&quot;</td>',
    );
  });

  it('lists added and removed entities in their own tables, as done only once applied', () => {
    expect(renderHtml(reportOf(samplePlan(), applied))).toContain('<h2>Removed (1)</h2>');
    const html = renderHtml(reportOf(samplePlan()));
    expect(html).not.toMatch(/<h2>(Added|Removed|Changed) /);
    expect(html).toContain('<h2>Would add (1)</h2>');
    expect(html).toContain(
      '<tr class="add"><td>product</td><td>P4</td><td dir="auto">Muffin</td><td>category &quot;Cakes &amp; Pies&quot;</td></tr>',
    );
    expect(html).toContain('<h2>Would remove (1)</h2>');
    expect(html).toContain(
      '<td>option value</td><td>OAT</td><td dir="auto">Oat</td><td>category C1 / option MILK</td>',
    );
  });
});

describe('JSON rendering', () => {
  it('holds the format version, outcome and counts of every kind and action', () => {
    const doc = JSON.parse(renderJson(reportOf(samplePlan(), applied))) as Record<string, unknown>;
    expect(doc).toMatchObject({
      formatVersion: 1,
      mode: 'replace',
      blocked: null,
      applied: true,
      verified: false,
      attempts: 2,
      errors: [],
    });
    expect(doc.reason).toEqual(expect.any(String));
    expect(doc.counts).toEqual(samplePlan().counts);
    expect(Object.keys(doc.counts as object)).toEqual(['categories', 'products', 'options', 'option_values']);
  });

  it('is byte-identical for the same report', () => {
    expect(renderJson(reportOf(samplePlan()))).toBe(renderJson(reportOf(samplePlan())));
  });

  it('writes the same document compact, also when given the plan already serialized', () => {
    const report = reportOf(samplePlan(), applied);
    const pretty = JSON.parse(renderJson(report)) as unknown;
    const compact = renderJson(report, { compact: true });
    expect(compact.trimEnd()).not.toContain('\n');
    expect(JSON.parse(compact)).toEqual(pretty);
    const spliced = renderJson(report, { compact: true, planJson: JSON.stringify(report.plan) });
    expect(spliced).toBe(compact);
  });
});

describe('object-valued field changes', () => {
  it('shows the key-level difference the plan computed instead of two whole objects', () => {
    const desired = cafeMenu();
    const baseline = cafeMenu();
    baseline.products[0]!.prices_table = { delivery: 3, takeaway: 2.5 };
    desired.products[0]!.prices_table = { delivery: 3, takeaway: 2.8 };
    const report = reportOf(plan(desired, baseline, { posUid: 'main' }));
    const line = '(- takeaway: 2.5; + takeaway: 2.8)';
    expect(renderTerminal(report, { color: false })).toContain(`prices_table ${line}`);
    expect(renderMarkdown(report)).toMatch(
      /prices\\?_table \\?\(- takeaway: 2\.5; \\?\+ takeaway: 2\.8\\?\)/,
    );
    expect(renderHtml(report)).toContain('prices_table (- takeaway: 2.5; + takeaway: 2.8)');
  });
});
