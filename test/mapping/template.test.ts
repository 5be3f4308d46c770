import { describe, expect, it } from 'vitest';
import { compileTemplate, parseTemplate, TemplateSyntaxError } from '../../src/mapping/transforms/index.js';

describe('templates', () => {
  const headers = ['Handle', 'Body (HTML)', 'Price'];
  const index = (name: string) => {
    const i = headers.indexOf(name);
    return i < 0 ? undefined : i;
  };

  it('renders columns, functions, context values and parameters', () => {
    const render = compileTemplate(
      parseTemplate('{@product}-{slug(Body (HTML))}-{Price}-{@param.store}-{upper(@name)}'),
      index,
      { store: 'Main' },
    );
    expect(render(['h', ' Café Noir ', 4.5], { product: 'p1', name: 'x' })).toBe('p1-cafe-noir-4.5-Main-X');
  });

  it('keeps literal braces and trims the result', () => {
    expect(compileTemplate(parseTemplate(' {{{Handle}}} '), index, {})(['a'], {})).toBe('{a}');
  });

  it.each(['{Handle', 'a}b', '{}', '{slug()}'])('rejects %j', (template) => {
    expect(() => parseTemplate(template)).toThrow(TemplateSyntaxError);
  });

  it('parses a column with parentheses as a column, and a call to an unknown function as an error', () => {
    expect(parseTemplate('{Body (HTML)}')).toEqual([{ kind: 'column', name: 'Body (HTML)' }]);
    expect(() => parseTemplate('{foo(bar)}')).toThrow('unknown function "foo"');
  });
});
