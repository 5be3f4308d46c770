import { decodeHTML } from 'entities';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/mapping/transforms/text.js';

// The general path htmlToText took for every input before its shortcuts (no tags, no entity,
// one line) were added: the shortcuts must give the same text.
function generalPath(html: string): string {
  if (!html.includes('<') && !html.includes('&') && !html.includes('\n'))
    return html.replace(/[ \t\u00a0]+/g, ' ').trim();
  const text = decodeHTML(
    html
      .replace(/\r\n?/g, '\n')
      .replace(/<\s*br\s*\/?\s*>[ \t\u00a0]*\n?/gi, '\n')
      .replace(/<\s*(\/p|\/div|\/ul|\/ol|\/h[1-6]|\/tr)\s*>/gi, '\n')
      .replace(/<\s*li[^>]*>/gi, '\n- ')
      .replace(/<[^>]*>/g, ''),
  );
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const pieces = [
  'a',
  'Latte',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\n',
  '\r\n',
  '\r',
  '<p>',
  '</p>',
  '<br />',
  '<br>\n',
  '<li>',
  '</ul>',
  '<b>',
  '&amp;',
  '&nbsp;',
  '&#10;',
  '&lt;p&gt;',
  '&',
  '<',
  '>',
  'é',
];

describe('htmlToText shortcuts', () => {
  it('give the same text as the general path for any mix of tags, entities, spaces and breaks', () => {
    const html = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          html,
          html.map((inner) => `<p>${inner}</p>`),
          fc.string(),
        ),
        (input) => {
          expect(htmlToText(input)).toBe(generalPath(input));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('collapses space runs on a one-line description', () => {
    expect(htmlToText('<p>Oat  milk\u00a0&amp;\tsyrup </p>')).toBe('Oat milk & syrup');
  });
});
