import { describe, expect, it } from 'vitest';
import { parsePath, PathSyntaxError } from '../../src/mapping/document/path-syntax.js';

describe('parsePath', () => {
  it('reads root, relative, parent and parameter starts', () => {
    expect(parsePath('$.categories[*].items[*]')).toMatchObject({
      start: 'root',
      steps: [
        { kind: 'property', name: 'categories' },
        { kind: 'wildcard' },
        { kind: 'property', name: 'items' },
        { kind: 'wildcard' },
      ],
    });
    expect(parsePath('title.translations.en').start).toBe('current');
    expect(parsePath('@').steps).toEqual([]);
    expect(parsePath('^.^.id')).toMatchObject({
      start: 'parent',
      steps: [{ kind: 'parent' }, { kind: 'property', name: 'id' }],
    });
    expect(parsePath('@param.lang')).toMatchObject({ start: 'param', param: 'lang', steps: [] });
  });

  it('reads JSON-LD names, quoted names, indexes and dynamic keys', () => {
    expect(parsePath('@type').steps).toEqual([{ kind: 'property', name: '@type' }]);
    expect(parsePath("['odd key'][-1]").steps).toEqual([
      { kind: 'property', name: 'odd key' },
      { kind: 'index', index: -1 },
    ]);
    expect(parsePath('title.translations[{@param.lang}]').steps[2]).toMatchObject({
      kind: 'dynamic',
      key: { start: 'param', param: 'lang' },
    });
  });

  it('reads filters: value lists, empty values, negation, presence and path values', () => {
    const filterOf = (path: string) => {
      const step = parsePath(path).steps.at(-1);
      return step?.kind === 'filter' ? step.filter : undefined;
    };
    expect(filterOf("$[?type=ITEM|'']")).toEqual({
      field: ['type'],
      test: 'in',
      values: [
        { kind: 'literal', text: 'ITEM' },
        { kind: 'literal', text: '' },
      ],
    });
    expect(filterOf('$[?type!=IMAGE|DISCOUNT]')?.test).toBe('not_in');
    expect(filterOf('$[?type==ITEM]')?.values).toEqual([{ kind: 'literal', text: 'ITEM' }]);
    expect(filterOf('$[?!type]')).toEqual({ field: ['type'], test: 'missing', values: [] });
    expect(filterOf('x[?item_data.name]')).toEqual({
      field: ['item_data', 'name'],
      test: 'exists',
      values: [],
    });
    expect(filterOf('overrides[?context_value={^.^.id}]')?.values[0]).toMatchObject({
      kind: 'path',
      path: { start: 'parent' },
    });
  });

  it.each([
    ['$.a[', 'expected *, an index'],
    ['$.a[*', 'expected "]" before the end'],
    ['$...a', 'expected a field name at character 4'],
    ['$..', 'expected a field name, * or [ after ".." at character 4'],
    ['$.a b', 'unexpected " "'],
    ['$[?!type=ITEM]', 'takes no value'],
    ["$['open", 'before the end'],
    ['$[1x]', 'expected "]" at character 4'],
  ])('rejects %s with the position of the problem', (source, detail) => {
    expect(() => parsePath(source)).toThrow(PathSyntaxError);
    expect(() => parsePath(source)).toThrow(detail);
  });
});
