import { describe, expect, it } from 'vitest';
import { PathSyntaxError } from '../../src/mapping/document/path-syntax.js';
import { rootScope } from '../../src/mapping/document/select-path.js';
import { compileTemplate } from '../../src/mapping/document/template.js';

const scope = rootScope({ id: 42, name: 'Piña Colada', active: true, tags: ['a'] });

describe('compileTemplate', () => {
  it('fills placeholders with text, and leaves absent or non-scalar values empty', () => {
    expect(compileTemplate('item-{id}: {name}').render(scope, scope)).toBe('item-42: Piña Colada');
    expect(compileTemplate('[{missing}][{tags}]').render(scope, scope)).toBe('[][]');
  });

  it('applies the slug, lower, upper and trim functions', () => {
    expect(compileTemplate('{slug(name)}').render(scope, scope)).toBe('pina-colada');
    expect(compileTemplate('{upper(name)}').render(scope, scope)).toBe('PIÑA COLADA');
  });

  it('joins every value a path reaches with join(), leaving out empty ones', () => {
    const diets = rootScope({ diets: ['Vegan', ' ', 'Low lactose'], one: 'Halal', none: [] });
    expect(compileTemplate('{join(diets[*])}').render(diets, diets)).toBe('Vegan, Low lactose');
    expect(compileTemplate('{join(diets[*])}|{join(one)}|{join(none[*])}').render(diets, diets)).toBe(
      'Vegan, Low lactose|Halal|',
    );
  });

  it('keeps the type of a template that is one placeholder only', () => {
    expect(compileTemplate('{id}').value(scope, scope)).toBe(42);
    expect(compileTemplate('{active}').value(scope, scope)).toBe(true);
    expect(compileTemplate('#{id}').value(scope, scope)).toBe('#42');
  });

  it('takes a placeholder whose path holds braces of its own', () => {
    const doc = rootScope({ title: { en: 'Salads', fr: 'Salades' } }, { lang: 'fr' });
    expect(compileTemplate('{trim(title[{@param.lang}])} (menu)').render(doc, doc)).toBe('Salades (menu)');
  });

  it('reads doubled braces as literal braces', () => {
    expect(compileTemplate('{{{id}}}').render(scope, scope)).toBe('{42}');
  });

  it.each([
    ['{name', 'unclosed "{"'],
    ['name}', 'unmatched "}"'],
    ['{}', 'empty "{}"'],
    ['{shout(name)}', 'unknown function "shout"'],
    ['{a...b}', 'expected a field name at character 5'],
  ])('rejects %s', (source, detail) => {
    expect(() => compileTemplate(source)).toThrow(PathSyntaxError);
    expect(() => compileTemplate(source)).toThrow(detail);
  });
});
