import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';

// The README says why each dependency is there: a package added without its row, or a row left
// behind by a package removed, makes that table wrong without anyone noticing.
const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The packages named in the first cell of each row of the "Dependencies, and why" tables. */
function namedInTables(text: string): Map<string, 'runtime' | 'development'> {
  const start = text.indexOf('\n## Dependencies, and why\n');
  expect(start, 'README has a "Dependencies, and why" section').toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 1);
  const named = new Map<string, 'runtime' | 'development'>();
  let kind: 'runtime' | 'development' | undefined;
  for (const line of text.slice(start, end < 0 ? undefined : end).split('\n')) {
    const header = /^\| (runtime|development) dependency/.exec(line);
    if (header) kind = header[1] as 'runtime' | 'development';
    else if (line.startsWith('| `') && kind) {
      const first = line.split('|')[1] ?? '';
      for (const name of first.matchAll(/`([^`]+)`/g)) named.set(name[1]!, kind);
    }
  }
  return named;
}

describe("README's dependency tables", () => {
  it('give every dependency of package.json a reason, in the table of its kind, and no other package', () => {
    const named = namedInTables(readme);
    const expected = new Map<string, 'runtime' | 'development'>([
      ...Object.keys(pkg.dependencies).map((name) => [name, 'runtime'] as const),
      ...Object.keys(pkg.devDependencies).map((name) => [name, 'development'] as const),
    ]);
    expect(Object.fromEntries([...named].sort())).toEqual(Object.fromEntries([...expected].sort()));
  });

  it('reads the package names of each table, several to a row', () => {
    const sample = [
      '## Dependencies, and why',
      '| runtime dependency | why |',
      '| `a` | x |',
      '| development dependency | why |',
      '| `b`, `@types/b` | y `not-a-name` |',
      '## Next',
      '| `c` | z |',
    ].join('\n');
    expect(Object.fromEntries(namedInTables(`\n${sample}\n`))).toEqual({
      a: 'runtime',
      b: 'development',
      '@types/b': 'development',
    });
  });
});
