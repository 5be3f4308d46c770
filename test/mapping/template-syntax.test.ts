import { describe, expect, it } from 'vitest';
import { compileTemplate as compileDocumentTemplate } from '../../src/mapping/document/template.js';
import { rootScope } from '../../src/mapping/document/select-path.js';
import { parseTemplate } from '../../src/mapping/transforms/template.js';
import { scanTemplate, TEMPLATE_FUNCTIONS } from '../../src/mapping/transforms/template-syntax.js';

// Table and document mappings share one template syntax: braces, escapes, functions and their errors.
const fail = (detail: string, at: number) => new Error(`${detail} @${at}`);

describe('the one template syntax', () => {
  it('splits text and placeholders, with doubled braces as literal ones', () => {
    expect(scanTemplate('a{{b}}-{ x }!', fail)).toEqual([
      { kind: 'text', text: 'a{b}-' },
      { kind: 'placeholder', body: 'x', at: 7 },
      { kind: 'text', text: '!' },
    ]);
  });

  it.each([
    ['{name', 'unclosed "{" @0'],
    ['ab}', 'unmatched "}" (write "}}" for a literal brace) @2'],
    ['x{ }', 'empty "{}" @1'],
  ])('refuses %s, saying where', (template, message) => {
    expect(() => scanTemplate(template, fail)).toThrow(message);
  });

  it('gives table and document mappings the same braces and the same functions', () => {
    const scope = rootScope({ Name: 'Piña Colada' });
    for (const fn of TEMPLATE_FUNCTIONS) {
      const table = parseTemplate(`[{${fn}(Name)}]`);
      expect(table[1]).toEqual({ kind: 'column', name: 'Name', fn });
      expect(compileDocumentTemplate(`{${fn}(Name)}`).render(scope, scope)).toBe(
        { slug: 'pina-colada', lower: 'piña colada', upper: 'PIÑA COLADA', trim: 'Piña Colada' }[fn],
      );
    }
    for (const broken of ['{Name', 'Name}', '{}']) {
      expect(() => parseTemplate(broken)).toThrow();
      expect(() => compileDocumentTemplate(broken)).toThrow();
    }
  });

  it('knows only its own functions, not what every object inherits', () => {
    expect(() => compileDocumentTemplate('{constructor(Name)}')).toThrow('unknown function "constructor"');
    expect(() => parseTemplate('{constructor(Name)}')).toThrow('unknown function "constructor"');
  });
});
