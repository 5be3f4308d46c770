import { describe, expect, it } from 'vitest';
import { shortTypeName, shortenTypeNames } from '../../src/mapping/document/jsonld-types.js';

describe('JSON-LD types read by their schema.org short names', () => {
  it.each([
    ['Menu', 'Menu'],
    ['http://schema.org/Menu', 'Menu'],
    ['https://schema.org/MenuSection', 'MenuSection'],
    ['https://www.schema.org/MenuItem', 'MenuItem'],
    ['schema:Offer', 'Offer'],
    ['  HTTPS://SCHEMA.ORG/Menu ', 'Menu'],
    ['http://example.org/vocab/Menu', 'http://example.org/vocab/Menu'],
    ['gr:Offering', 'gr:Offering'],
  ])('%s reads as %s', (written, read) => {
    expect(shortTypeName(written)).toBe(read);
  });

  it('rewrites every @type at any depth, lists element by element, and nothing else', () => {
    const document = {
      '@type': 'http://schema.org/Menu',
      url: 'https://schema.org/Menu',
      hasMenuSection: [{ '@type': ['schema:MenuSection', 7], hasMenuItem: { '@type': 'MenuItem' } }],
    };
    shortenTypeNames(document);
    expect(document).toEqual({
      '@type': 'Menu',
      url: 'https://schema.org/Menu',
      hasMenuSection: [{ '@type': ['MenuSection', 7], hasMenuItem: { '@type': 'MenuItem' } }],
    });
  });

  it('walks a document nested deeper than the call stack allows recursion', () => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < 100_000; i++) {
      const child: Record<string, unknown> = { '@type': 'schema:MenuSection' };
      node.hasMenuSection = [child];
      node = child;
    }
    expect(() => shortenTypeNames(root)).not.toThrow();
    expect(node['@type']).toBe('MenuSection');
  });
});
