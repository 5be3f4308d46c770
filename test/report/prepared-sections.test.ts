import { describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import {
  compactJsonPieces,
  prepareHtml,
  prepareMarkdown,
  renderHtml,
  renderJson,
  renderMarkdown,
} from '../../src/report/index.js';
import { bigMenu } from '../plan/menus.js';
import { reportOf, samplePlan } from './sample-report.js';

const outcome = {
  command: 'apply' as const,
  applied: true,
  verified: true,
  verification: { status: 'verified' as const, details: [] },
  attempts: 1,
  errors: [],
  finishedAt: '2026-01-02T03:04:05.000Z',
};

describe('report sections rendered ahead of the outcome', () => {
  it('give the same Markdown and HTML as rendering everything at the end', () => {
    const prepared = samplePlan();
    prepareMarkdown(prepared);
    prepareHtml(prepared);
    // A separate but equal plan object has nothing prepared: the reference rendering.
    const fresh = samplePlan();
    expect(renderMarkdown(reportOf(prepared, outcome))).toBe(renderMarkdown(reportOf(fresh, outcome)));
    expect(renderHtml(reportOf(prepared, outcome))).toBe(renderHtml(reportOf(fresh, outcome)));
  });

  it('are kept per cap: a report asked for with another cap is rendered with that cap', () => {
    const big = plan(bigMenu(30), null, { posUid: 'main' });
    prepareMarkdown(big);
    prepareHtml(big);
    const markdown = renderMarkdown(reportOf(big, outcome), { maxItems: 5 });
    expect(markdown).toContain('… and 26 more');
    const html = renderHtml(reportOf(big, outcome), { maxRows: 5 });
    expect(html).toContain('… and 26 more');
    expect(renderMarkdown(reportOf(big, outcome))).not.toContain('more (see the JSON report)');
  });
});

describe('compact JSON in pieces around the plan bytes', () => {
  it('concatenate to the compact rendering, with the plan bytes passed through untouched', () => {
    const report = reportOf(samplePlan(), outcome);
    const planJson = JSON.stringify(report.plan);
    const bytes = Buffer.from(planJson, 'utf8');
    const [head, plan, tail] = compactJsonPieces(report, bytes);
    expect(plan).toBe(bytes);
    expect(`${head}${planJson}${tail}`).toBe(renderJson(report, { compact: true }));
    expect(compactJsonPieces(report, planJson).join('')).toBe(renderJson(report, { compact: true }));
  });
});
