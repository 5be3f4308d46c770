import { describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import { renderHtml, renderMarkdown, renderTerminal } from '../../src/report/index.js';
import { localTime, targetLine } from '../../src/report/headline.js';
import { cafeMenu } from '../plan/menus.js';
import { reportOf, samplePlan } from './sample-report.js';

const failed = {
  command: 'apply' as const,
  outcome: 'failed' as const,
  applied: false,
  attempts: 1,
  errors: ['the import was too large for the platform (HTTP 413): a replace of 9.5 MB'],
  finishedAt: '2026-11-25T03:15:02.000Z',
};

describe('a failed run looks failed', () => {
  it('says FAILED in the HTML title, heading and first status line, in red', () => {
    const html = renderHtml(reportOf(samplePlan(), failed));
    expect(html).toMatch(/<title>menusync apply downtown FAILED: [^<]+<\/title>/);
    expect(html).toContain('<h1 class="trouble">Menu update FAILED:');
    const firstStatus = /<p class="status[^"]*">([^<]*)<\/p>/.exec(html);
    expect(firstStatus?.[0]).toContain('class="status trouble"');
    expect(firstStatus?.[1]).toContain('FAILED: the import was too large for the platform (HTTP 413)');
  });

  it('starts the terminal and Markdown reports with the failure', () => {
    const text = renderTerminal(reportOf(samplePlan(), failed), { color: false });
    expect(text.split('\n')[0]).toBe(
      'FAILED: the import was too large for the platform (HTTP 413): a replace of 9.5 MB',
    );
    expect(renderMarkdown(reportOf(samplePlan(), failed)).split('\n')[0]).toMatch(
      /^## menusync apply FAILED: /,
    );
  });

  it('keeps a successful run plain', () => {
    const html = renderHtml(reportOf(samplePlan()));
    expect(html).not.toMatch(/class="[^"]*trouble/);
    expect(renderTerminal(reportOf(samplePlan()), { color: false })).not.toMatch(/FAILED|BLOCKED/);
  });
});

describe('the customer price decides the arrow', () => {
  it('shows no fall for a variant whose customer price is unchanged when its base moved', () => {
    const desired = cafeMenu();
    // Latte Small 4.50 -> 4.20, Large +0.50 -> +0.80: a Large still costs 5.00.
    desired.products[0]!.price = 4.2;
    desired.products[0]!.options![0]!.option_values![1]!.price_operand = 0.8;
    const html = renderHtml(reportOf(plan(desired, cafeMenu(), { posUid: 'main' })));
    const large = html.split('\n').find((line) => line.includes('<td>L</td>'));
    expect(large).toBeDefined();
    expect(large).not.toMatch(/[▲▼]/);
    expect(large).toContain('customer pays 5.00, unchanged');
    const base = html.split('\n').find((line) => line.includes('<td>P1</td>'));
    expect(base).toContain('4.20 ▼');
  });
});

describe('report subtitle and times', () => {
  it('names the target and the platform account, not internal keys', () => {
    expect(
      targetLine({
        name: 'bakery',
        baseUrl: 'https://platform.example.com/api',
        clientId: 'bakery-pos',
        posUid: 'default',
      }),
    ).toBe('target bakery · client bakery-pos at platform.example.com/api');
  });

  it('shows times in the local zone with its offset', () => {
    const shown = localTime('2026-11-25T03:15:02.000Z');
    expect(shown).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d$/);
    const [date, time, offset] = shown.split(' ');
    const sign = offset!.startsWith('-') ? -1 : 1;
    const minutes = sign * (Number(offset!.slice(1, 3)) * 60 + Number(offset!.slice(4, 6)));
    const back = Date.parse(`${date}T${time}Z`) - minutes * 60_000;
    expect(back).toBe(Date.parse('2026-11-25T03:15:02.000Z'));
  });
});
