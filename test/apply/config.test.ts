import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load-config.js';
import { parseAllowance } from '../../src/config/settings/resolve-guards.js';

describe('parseConfig', () => {
  it('accepts a full target', () => {
    const config = parseConfig(
      [
        'targets:',
        '  downtown:',
        '    mapping: loyverse-items',
        '    inputs: [exports/items.csv]',
        '    params: { store: Downtown }',
        '    base_url: https://menu.example.com/api',
        '    pos_uid: main',
        '    auth: oauth',
        '    guards: { allow_deletes: 15%, protect: [P1], allow_empty: false }',
        '    state_dir: .menusync',
        '    max_attempts: 3',
        '    max_retry_time: 60',
      ].join('\n'),
      'menusync.config.yaml',
    );
    expect(config.targets.downtown?.guards?.allow_deletes).toBe('15%');
  });

  it.each([
    ['an unknown key', 'targets:\n  a:\n    mapping: m\n    inptus: [x]\n', /f\.yaml:4: .*inptus/],
    ['a wrong type', 'targets:\n  a:\n    max_attempts: "three"\n', /f\.yaml:3: .*targets\.a\.max_attempts/],
    ['a bad URL', 'targets:\n  a:\n    base_url: not a url\n', /f\.yaml:3: .*base_url/],
    ['a bad allow_deletes', 'targets:\n  a:\n    guards:\n      allow_deletes: lots\n', /f\.yaml:4:/],
    [
      'a secret in the file',
      'targets:\n  a:\n    client_secret: s3cret-value\n',
      /f\.yaml:3: .*client_secret/,
    ],
    ['broken YAML', 'targets:\n  a: [\n', /f\.yaml:\d+:/],
    ['no targets', 'other: 1\n', /f\.yaml:1:/],
  ])('reports %s with file:line (exit 2)', (_what, text, message) => {
    let error: unknown;
    try {
      parseConfig(text, 'f.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ exitCode: 2 });
    expect((error as Error).message).toMatch(message);
  });
});

describe('targets of one platform menu (base URL and client id)', () => {
  const config = (...targets: string[][]) =>
    ['targets:', ...targets.flatMap((lines, i) => [`  t${i + 1}:`, ...lines.map((l) => `    ${l}`)])].join(
      '\n',
    );
  const at = (url: string, client: string, ...more: string[]) => [
    `base_url: ${url}`,
    `client_id: ${client}`,
    ...more,
  ];
  const URL = 'https://menu.example.com/api';

  it.each([
    [
      'two targets of one client',
      [at(URL, 'c1'), at(URL, 'c1')],
      /f\.yaml:7: targets "t1" and "t2" write the same platform menu .*give both the same "menu: NAME"/,
    ],
    [
      'a trailing slash is the same platform',
      [at(URL, 'c1'), at(`${URL}/`, 'c1')],
      /targets "t1" and "t2" write the same/,
    ],
    [
      'only one says menu',
      [at(URL, 'c1', 'menu: main'), at(URL, 'c1')],
      /only "t1" says menu: main; give "t2" the same/,
    ],
    [
      'different menu names',
      [at(URL, 'c1', 'menu: a'), at(URL, 'c1', 'menu: b')],
      /they name different menus \(a, b\)/,
    ],
    [
      'one menu name on two clients',
      [at(URL, 'c1', 'menu: a'), at(URL, 'c2', 'menu: a')],
      /f\.yaml:9: targets "t1" and "t2" both say menu: a, but name different clients/,
    ],
  ])('refuses %s (exit 2)', (_what, targets, message) => {
    let error: unknown;
    try {
      parseConfig(config(...targets), 'f.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ exitCode: 2 });
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ['the same menu: NAME', [at(URL, 'c1', 'menu: main'), at(URL, 'c1', 'menu: main')]],
    ['two clients', [at(URL, 'c1'), at(URL, 'c2')]],
    ['two platforms', [at(URL, 'c1'), at('https://other.example.com/api', 'c1')]],
    ['a client left to the environment', [at(URL, 'c1'), [`base_url: ${URL}`]]],
  ])('accepts %s', (_what, targets) => {
    expect(Object.keys(parseConfig(config(...targets), 'f.yaml').targets)).toEqual(['t1', 't2']);
  });

  it('accepts a top-level state: (a folder or a postgres:// URL)', () => {
    expect(parseConfig(`state: postgres://db/menus\n${config(at(URL, 'c1'))}`, 'f.yaml').state).toBe(
      'postgres://db/menus',
    );
  });
});

describe('parseAllowance', () => {
  it.each([
    ['12', { count: 12 }],
    ['15%', { percent: 15 }],
    ['2.5%', { percent: 2.5 }],
    [0, { count: 0 }],
  ] as const)('reads %s', (text, expected) => {
    expect(parseAllowance(text, '--allow-deletes')).toEqual(expected);
  });
  it.each(['many', '-1', '150%', '1.5', ''])('refuses %j with exit 2', (text) => {
    expect(() => parseAllowance(text, '--allow-deletes')).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});
