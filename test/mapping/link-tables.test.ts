import { describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { HEADER, runInline } from './helpers.js';

// Modifier sets reached through link tables (GrabFood's Linked Dish / Linked Options sheets), in
// CSV files here: a dish's groups through one or more hops, a value's groups through its own links,
// and every link that leads nowhere located at its file, row and column.

const SOURCES = `sources:
  dishes: { format: csv }
  dish_sections: { format: csv }
  section_groups: { format: csv }
  options: { format: csv }
  option_groups: { format: csv }
  groups: { format: csv }
kind: table
`;

const TABLE = `table:
  source: dishes
  category: { name: { value: Menu } }
  product: { ext_id: '{ItemID}', name: { column: Name }, price: { column: Price, transforms: [money] } }
  modifier_sets:
    links:
      key: '{ItemID}'
      through:
        - { source: dish_sections, from: '{ItemID}', to: '{SectionID}' }
        - { source: section_groups, from: '{SectionID}', to: '{GroupID}' }
    from:
      source: options
      links: { key: '{OptionID}', through: [{ source: option_groups, from: '{OptionID}', to: '{GroupID}' }] }
      set_rows: { source: groups, key: '{GroupID}', ext_id: 'g-{GroupID}', name: '{Name}', min: { column: Min }, max: { column: Max } }
      ext_id: '{OptionID}'
      name: { column: Name }
      price: { column: Price, transforms: [money] }
`;

const MAPPING = `${HEADER}unpriced: hide\n${SOURCES}${TABLE}`;

const FILES = {
  'dishes.csv': 'ItemID,Name,Price\nD1,Chicken Rice,5.50\nD2,Teh Tarik,2.30\n',
  'dish-sections.csv': 'ItemID,SectionID\nD1,S-MAIN\nD2,S-DRINK\n',
  'section-groups.csv': 'SectionID,GroupID\nS-MAIN,G1\nS-MAIN,G2\nS-DRINK,G3\n',
  'options.csv': 'OptionID,Name,Price\nO1,Regular,0\nO2,Large,1.00\nO3,Egg,0.80\nO4,Less sugar,0\n',
  'option-groups.csv': 'OptionID,GroupID\nO1,G1\nO2,G1\nO3,G2\nO4,G3\nO3,G3\n',
  'groups.csv': 'GroupID,Name,Min,Max\nG1,Portion,1,1\nG2,Add-ons,0,2\nG3,Sugar,0,2\n',
};

describe('modifier sets through link tables', () => {
  it('follows a dish through two hops to its groups, and each option to every group that links it', async () => {
    const result = await runInline(MAPPING, FILES);
    expect(result.issues).toEqual([]);
    const options = (id: string) =>
      result.menu.products
        .find((p) => p.ext_id === id)
        ?.options?.map((o) => [
          o.ext_id,
          o.name,
          o.min_selectable,
          o.max_selectable,
          o.option_values?.map((v) => [v.ext_id, v.price_operand]),
        ]);
    expect(options('D1')).toEqual([
      [
        'g-G1',
        'Portion',
        1,
        1,
        [
          ['O1', 0],
          ['O2', 1],
        ],
      ],
      ['g-G2', 'Add-ons', 0, 2, [['O3', 0.8]]],
    ]);
    // O3 is linked to two groups (many-to-many): a value of each, in the options' row order.
    expect(options('D2')).toEqual([
      [
        'g-G3',
        'Sugar',
        0,
        2,
        [
          ['O3', 0.8],
          ['O4', 0],
        ],
      ],
    ]);
  });

  it('locates every link that leads nowhere, and an option no link puts in a group', async () => {
    const result = await runInline(MAPPING, {
      ...FILES,
      'dish-sections.csv': 'ItemID,SectionID\nD1,S-MAIN\nD2,S-DRINK\nD9,S-MAIN\nD2,S-NONE\n',
      'section-groups.csv': 'SectionID,GroupID\nS-MAIN,G1\nS-MAIN,G2\nS-DRINK,G3\nS-GONE,G1\nS-DRINK,G7\n',
      'options.csv':
        'OptionID,Name,Price\nO1,Regular,0\nO2,Large,1.00\nO3,Egg,0.80\nO4,Less sugar,0\nO5,Orphan,1\n',
      'option-groups.csv': 'OptionID,GroupID\nO1,G1\nO2,G1\nO3,G2\nO4,G3\nO3,G3\nO8,G1\nO1,G6\n',
    });
    const where = result.issues.map((i) => [
      i.severity,
      i.code,
      i.location.file?.split('/').pop(),
      i.location.row,
      i.location.column,
    ]);
    expect(where).toEqual(
      expect.arrayContaining([
        ['error', 'unknown-reference', 'option-groups.csv', 7, 'OptionID'], // O8: no such option
        ['error', 'unknown-reference', 'option-groups.csv', 8, 'GroupID'], // G6: no such group
        ['warning', 'unknown-reference', 'options.csv', 6, undefined], // O5 is in no group
        ['error', 'unknown-reference', 'dish-sections.csv', 5, 'SectionID'], // S-NONE: no hop starts there
        ['error', 'unknown-reference', 'section-groups.csv', 5, 'SectionID'], // S-GONE: no dish reaches it
        ['error', 'unknown-reference', 'section-groups.csv', 6, 'GroupID'], // G7: no such set
        ['error', 'unknown-reference', 'dish-sections.csv', 4, 'ItemID'], // D9: no such dish
      ]),
    );
    // ...and, with `undeclared: warn` (the default), the set G7 the products would use, once.
    expect(result.issues).toHaveLength(8);
    expect(result.stats.errors).toBe(6);
    // What the good links say still holds.
    expect(result.menu.products.find((p) => p.ext_id === 'D2')?.options?.map((o) => o.ext_id)).toEqual([
      'g-G3',
    ]);
  });

  it('reports dangling links as warnings with dangling: warning', async () => {
    const mapping = MAPPING.replace(
      "{ source: section_groups, from: '{SectionID}', to: '{GroupID}' }\n",
      "{ source: section_groups, from: '{SectionID}', to: '{GroupID}' }\n      dangling: warning\n",
    );
    const result = await runInline(mapping, {
      ...FILES,
      'dish-sections.csv': 'ItemID,SectionID\nD1,S-MAIN\nD2,S-DRINK\nD9,S-MAIN\n',
    });
    expect(result.issues.map((i) => [i.severity, i.message])).toEqual([
      [
        'warning',
        'modifier_sets.links.through[0]: the link names product "D9" that the export lacks: it links nothing',
      ],
    ]);
  });

  it('costs what it reaches: 20,000 dishes through two hops in one pass', async () => {
    const n = 20_000;
    const dishes = [
      'ItemID,Name,Price',
      ...Array.from({ length: n }, (_, i) => `D${i},Dish ${i},${(i % 50) + 1}`),
    ];
    const sections = ['ItemID,SectionID', ...Array.from({ length: n }, (_, i) => `D${i},S${i % 100}`)];
    const groups = [
      'SectionID,GroupID',
      ...Array.from({ length: 100 }, (_, i) => `S${i},G${i % 3 === 0 ? 1 : 2}`),
    ];
    const started = performance.now();
    const result = await runInline(MAPPING, {
      ...FILES,
      'dishes.csv': `${dishes.join('\n')}\n`,
      'dish-sections.csv': `${sections.join('\n')}\n`,
      'section-groups.csv': `${groups.join('\n')}\n`,
    });
    expect(result.stats.errors).toBe(0);
    expect(result.stats.products).toBe(n);
    expect(result.menu.products.every((p) => p.options?.length === 1)).toBe(true);
    // A nested scan (20,000 x 20,000 link rows) would take minutes; one pass takes well under this.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('link table mappings that do not load', () => {
  const table = (modifierSets: string, sources = SOURCES) =>
    `${HEADER}${sources}table:\n  source: dishes\n  category: { name: { value: Menu } }\n  product: { ext_id: '{ItemID}', name: '{Name}' }\n  modifier_sets:\n${modifierSets}`;
  const cases: [string, string, RegExp][] = [
    [
      'a hop with no `to`',
      table(
        `    links: { key: '{ItemID}', through: [{ source: dish_sections, from: '{ItemID}' }] }\n`,
        'sources:\n  dishes: { format: csv }\n  dish_sections: { format: csv }\nkind: table\n',
      ),
      /to/,
    ],
    [
      'no hops',
      table(
        `    links: { key: '{ItemID}', through: [] }\n`,
        'sources:\n  dishes: { format: csv }\nkind: table\n',
      ),
      /through/,
    ],
    [
      'a hop reading a source that is not declared',
      table(
        `    links: { key: '{ItemID}', through: [{ source: nowhere, from: '{ItemID}', to: '{G}' }] }\n`,
        'sources:\n  dishes: { format: csv }\nkind: table\n',
      ),
      /"nowhere" is not a key of sources/,
    ],
    [
      'two parts reading one source',
      table(
        `    links: { key: '{ItemID}', through: [{ source: links, from: '{ItemID}', to: '{G}' }] }\n    from: { source: links, set: '{G}', name: '{N}' }\n`,
        'sources:\n  dishes: { format: csv }\n  links: { format: csv }\nkind: table\n',
      ),
      /already read by another part/,
    ],
    [
      'from with both set and links',
      table(
        `    list: { column: Sets }\n    from: { source: options, set: '{G}', links: { key: '{O}', through: [{ source: og, from: '{O}', to: '{G}' }] }, name: '{N}' }\n`,
        'sources:\n  dishes: { format: csv }\n  options: { format: csv }\n  og: { format: csv }\nkind: table\n',
      ),
      /exactly one of "set"/,
    ],
    [
      'a link source nothing reads',
      table(
        `    list: { column: Sets }\n`,
        'sources:\n  dishes: { format: csv }\n  spare: { format: csv }\nkind: table\n',
      ),
      /source "spare" is read by no part/,
    ],
  ];
  it.each(cases)('refuses %s', (_name, yaml, message) => {
    expect(() => parseMappingText(yaml, 'inline.yaml')).toThrow(message);
  });
});
