import { describe, expect, it } from 'vitest';
import { parsePath } from '../../src/mapping/document/path-syntax.js';
import {
  evaluatePath,
  rootScope,
  selectRecords,
  type Scope,
} from '../../src/mapping/document/select-path.js';

const menu = {
  categories: [
    {
      id: 'c1',
      name: 'Pizza',
      items: [
        { id: 'i1', name: 'Margherita' },
        { id: 'i2', name: 'Diavola' },
      ],
    },
    { id: 'c2', name: 'Drinks', items: { id: 'i3', name: 'Cola' } },
    { id: 'c3', name: 'Empty', items: null },
  ],
  objects: [
    { type: 'ITEM', id: 'a' },
    { type: 'IMAGE', id: 'b' },
    { id: 'c', modifier_data: {} },
    { type: '', id: 'd' },
  ],
};
const root = rootScope(menu, { lang: 'it' });
const values = (path: string, from: Scope = root) =>
  evaluatePath(parsePath(path), from, root).map((m) => m.value);

describe('evaluatePath', () => {
  it('walks every element, counting a single object as a one-element array and null as none', () => {
    expect(values('$.categories[*].items[*].name')).toEqual(['Margherita', 'Diavola', 'Cola']);
  });

  it('gives each match its JSON path for issue locations', () => {
    const paths = evaluatePath(parsePath('$.categories[*].items[*]'), root, root).map((m) => m.path);
    expect(paths).toEqual(['$.categories[0].items[0]', '$.categories[0].items[1]', '$.categories[1].items']);
    expect(evaluatePath(parsePath("$['categories'][0]['name']"), root, root)[0]?.path).toBe(
      '$.categories[0].name',
    );
  });

  it('climbs to the enclosing record with ^', () => {
    const items = selectRecords(parsePath('$.categories[*].items[*]'), root, root);
    expect(items.map((item) => values('^.name', item))).toEqual([['Pizza'], ['Pizza'], ['Drinks']]);
    expect(items.map((item) => values('^.^', item).length)).toEqual([1, 1, 1]);
    expect(values('^.id', root)).toEqual([]);
  });

  it('filters by value lists, by the empty value and by presence', () => {
    expect(values('$.objects[?type=ITEM|IMAGE].id')).toEqual(['a', 'b']);
    expect(values('$.objects[?type!=ITEM].id')).toEqual(['b', 'c', 'd']);
    expect(values("$.objects[?type=''].id")).toEqual(['c', 'd']);
    expect(values('$.objects[?!type][?modifier_data].id')).toEqual(['c']);
    expect(values('$.objects[?type].id')).toEqual(['a', 'b']);
  });

  it('takes an empty list for an empty field in a presence filter, an object for a present one', () => {
    const doc = {
      groups: [
        { id: 'g1', items: [] },
        { id: 'g2', items: [{}] },
        { id: 'g3', items: {} },
      ],
    };
    const scope = rootScope(doc);
    const ids = (p: string) => evaluatePath(parsePath(p), scope, scope).map((m) => m.value);
    expect(ids('$.groups[?items].id')).toEqual(['g2', 'g3']);
    expect(ids('$.groups[?!items].id')).toEqual(['g1']);
  });

  it('compares a filter against a value read from the current record', () => {
    const doc = {
      group: 'g2',
      overrides: [
        { ctx: 'g1', price: 1 },
        { ctx: 'g2', price: 2 },
      ],
    };
    const scope = rootScope(doc);
    expect(
      evaluatePath(parsePath('overrides[?ctx={group}].price'), scope, scope).map((m) => m.value),
    ).toEqual([2]);
  });

  it('matches a list field when one of its elements matches (the menus that list a category)', () => {
    const doc = {
      menus: [
        { id: 'm1', category_ids: ['Salads', 'Mains'] },
        { id: 'm2', category_ids: ['Mains'] },
        { id: 'm3', category_ids: [] },
      ],
    };
    const scope = rootScope(doc);
    const ids = (path: string) =>
      evaluatePath(parsePath(path), scope, scope).map((m) => (m.value as { id: string }).id);
    expect(ids('menus[?category_ids=Mains]')).toEqual(['m1', 'm2']);
    expect(ids('menus[?category_ids=Salads]')).toEqual(['m1']);
    expect(ids('menus[?category_ids!=Salads]')).toEqual(['m2', 'm3']);
    // An empty list is empty, a non-empty one is not.
    expect(ids("menus[?category_ids='']")).toEqual(['m3']);
  });

  it('reads parameters and field names given by a parameter', () => {
    const doc = { title: { translations: { en: 'Pizza', it: 'Pizza (it)' } } };
    const scope = rootScope(doc, { lang: 'it' });
    expect(evaluatePath(parsePath('title.translations[{@param.lang}]'), scope, scope)[0]?.value).toBe(
      'Pizza (it)',
    );
    expect(values('@param.lang')).toEqual(['it']);
    expect(values('@param.missing')).toEqual([]);
  });

  it('indexes from either end, and finds nothing in the wrong kind of node', () => {
    expect(values('$.categories[-1].id')).toEqual(['c3']);
    expect(values('$.categories[7].id')).toEqual([]);
    expect(values('$.categories.id')).toEqual([]);
    expect(values('$.categories[0].name.length')).toEqual([]);
  });
});

describe('selectRecords', () => {
  it('skips null and absent records so they never become empty entities', () => {
    const sections = selectRecords(parsePath('$.categories[*].items'), root, root);
    expect(sections.map((s) => s.path)).toEqual(['$.categories[0].items', '$.categories[1].items']);
  });
});

describe('objects keyed by id and recursive descent', () => {
  const doc = {
    refs: { '101': { name: 'Milk' }, '102': { name: 'Syrup' } },
    menus: [
      {
        name: 'Food',
        groups: [
          { name: 'Pizza', groups: [{ name: 'Red' }, { name: 'White', groups: [{ name: 'Truffle' }] }] },
          { name: 'Pasta' },
        ],
      },
      { name: 'Drinks', groups: [{ name: 'Wine' }] },
    ],
    section: { '@type': 'MenuSection', name: 'Soups' },
  };
  const docRoot = (problems: string[] = []): Scope => ({
    ...rootScope(doc),
    report: (path, message) => problems.push(`${path}: ${message}`),
  });
  const at = (path: string, root: Scope) => evaluatePath(parsePath(path), root, root);

  it('reads every value of an object with .*, in document order, each with its key as @key', () => {
    const root = docRoot();
    const records = selectRecords(parsePath('$.refs.*'), root, root);
    expect(records.map((r) => [r.path, values('@key', r)[0], values('name', r)[0]])).toEqual([
      ["$.refs['101']", '101', 'Milk'],
      ["$.refs['102']", '102', 'Syrup'],
    ]);
  });

  it('reports [*] on an object keyed by id at its path instead of taking it for one record', () => {
    const problems: string[] = [];
    expect(at('$.refs[*]', docRoot(problems))).toEqual([]);
    expect(problems).toEqual([
      `$.refs: "$.refs[*]": [*] met an object keyed by "101", "102", not a list; write .* for its values (each with its key as @key)`,
    ]);
  });

  it('still reads a lone JSON-LD node under [*] as a one-element list', () => {
    const problems: string[] = [];
    expect(at('$.section[*].name', docRoot(problems)).map((m) => m.value)).toEqual(['Soups']);
    expect(problems).toEqual([]);
  });

  it('lists nested groups at any depth with .., each before the groups inside it', () => {
    const root = docRoot();
    expect(at('$.menus[*]..groups[*].name', root).map((m) => m.value)).toEqual([
      'Pizza',
      'Red',
      'White',
      'Truffle',
      'Pasta',
      'Wine',
    ]);
    expect(at('$..name', root).map((m) => m.value)).toEqual([
      'Milk',
      'Syrup',
      'Food',
      'Pizza',
      'Red',
      'White',
      'Truffle',
      'Pasta',
      'Drinks',
      'Wine',
      'Soups',
    ]);
  });

  it('makes the group that holds a nested group its ^, and its index its @key', () => {
    const root = docRoot();
    const groups = selectRecords(parsePath('$.menus[*]..groups[*]'), root, root);
    expect(groups.map((g) => [values('name', g)[0], values('^.name', g)[0], values('@key', g)[0]])).toEqual([
      ['Pizza', 'Food', 0],
      ['Red', 'Pizza', 0],
      ['White', 'Pizza', 1],
      ['Truffle', 'White', 0],
      ['Pasta', 'Food', 1],
      ['Wine', 'Drinks', 0],
    ]);
  });
});

describe('`..` with a filter', () => {
  const doc = {
    groups: [
      { type: 'GROUP', id: 'g1', groups: [{ type: 'GROUP', id: 'g2' }] },
      { type: 'ITEM', id: 'i1' },
    ],
  };
  const from = rootScope(doc, {});
  it('reaches each matching node once, through its list (issue 24: no duplicate with one location)', () => {
    const matches = evaluatePath(parsePath('$..[?type=GROUP]'), from, from);
    expect(matches.map((m) => m.path)).toEqual(['$.groups[0]', '$.groups[0].groups[0]']);
    expect(matches.map((m) => m.scope.key)).toEqual([0, 0]);
  });
});
