import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

const SRC = path.join(REPO_ROOT, 'src');
const CLI = path.join(SRC, 'cli');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The CLI's multi-word flags as its yargs definitions declare them: `.option('max-attempts', …)`,
 * an options object's `'allow-hiding': {…}`, and the settings' flags (FLAG_NAMES).
 */
async function cliFlags(): Promise<Set<string>> {
  const flags = new Set<string>();
  const patterns = [/\.option\(\s*'([a-z]+(?:-[a-z]+)+)'/g, /^\s*'([a-z]+(?:-[a-z]+)+)':\s*\{/gm];
  for (const file of await sourceFiles(CLI)) {
    const text = await readFile(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) flags.add(match[1]!);
  }
  for (const flag of Object.values(FLAG_NAMES)) if (flag.includes('-', 2)) flags.add(flag.slice(2));
  return flags;
}

/** Where a file outside src/cli/ uses a flag as a key: `'base-url':`, `['max-payload-bytes']`, `| 'allow-deletes'`. */
function flagKeys(text: string, flags: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const match of line.matchAll(/(['"])([a-z]+(?:-[a-z]+)+)\1/g)) {
      const name = match[2]!;
      if (!flags.has(name)) continue;
      const after = line.slice(match.index + match[0].length);
      const before = line.slice(0, match.index);
      // A key, an index, or a member of a union of keys: what makes a flag a name the core reads.
      if (/^\??\s*:/.test(after) || /\[\s*$/.test(before) || /(^|\|)\s*$/.test(before))
        found.push(`${i + 1}: ${line.trim()}`);
    }
  });
  return found;
}

describe('the core speaks the domain', () => {
  it('finds the CLI flags it checks for (else the scan below proves nothing)', async () => {
    const flags = await cliFlags();
    for (const flag of [
      'base-url',
      'client-id',
      'max-payload-bytes',
      'allow-deletes',
      'allow-hiding',
      'max-cells',
    ])
      expect(flags, flag).toContain(flag);
  });

  it('holds no CLI flag as a key outside src/cli/: the CLI maps its flags onto the settings', async () => {
    const flags = await cliFlags();
    const offenders = await scanCore((relative, file, text) =>
      flagKeys(text, flags).map((hit) => `${relative}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would see one', () => {
    const flags = new Set(['base-url', 'keep-runs']);
    expect(flagKeys("const a = { 'base-url'?: string };", flags)).toHaveLength(1);
    expect(flagKeys("x = args['keep-runs'] ?? 3;", flags)).toHaveLength(1);
    expect(flagKeys("type K =\n  | 'keep-runs'", flags)).toHaveLength(1);
    expect(flagKeys("throw new Error('see base-url');", flags)).toHaveLength(0);
  });
});

/** What `find` reports in each source file outside src/cli/, given its repository path with `/`. */
async function scanCore(find: (relative: string, file: string, text: string) => string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    if (file.startsWith(CLI + path.sep)) continue;
    const relative = path.relative(REPO_ROOT, file).split(path.sep).join('/');
    found.push(...find(relative, file, await readFile(file, 'utf8')));
  }
  return found;
}

/** Every flag of every command, as the generated CLI reference lists them (`| \`--state\` |`). */
async function everyFlag(): Promise<Set<string>> {
  const reference = await readFile(path.join(REPO_ROOT, 'docs', 'cli.md'), 'utf8');
  const flags = new Set([...reference.matchAll(/^\| `(--[a-z][a-z0-9-]*)/gm)].map((match) => match[1]!));
  for (const flag of Object.values(FLAG_NAMES)) flags.add(flag);
  return flags;
}

/**
 * Where a string or template literal spells a flag (`'raise --max-payload-bytes'`): a message
 * worded for the command line. Comments and code (`--depth`) are not literals, so they never count.
 */
function flagStrings(file: string, text: string, flags: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const match of node.text.matchAll(/(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g)) {
        if (!flags.has(match[0])) continue; // `var(--accent)` in a stylesheet is no flag
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${line}: ${match[0]}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The literals outside src/cli/ that may spell a flag, each with why: none is a message worded
 * for one caller.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // A saved plan is made only by the CLI's `plan --out-plan` (the library cannot make one), so
  // the hint for a stale one names that command whoever applies it.
  'src/apply/6-record/run-outcome.ts --out-plan': 'the only way to make a saved plan',
};

describe('core messages name settings as their caller does', () => {
  it('knows the flags it looks for (else the scan below proves nothing)', async () => {
    const flags = await everyFlag();
    expect(flags.size).toBeGreaterThan(50);
    for (const flag of ['--state', '--yes', '--encoding', '--max-payload-bytes', '--out-json', '--to'])
      expect(flags, flag).toContain(flag);
  });

  it('spells no CLI flag in a string outside src/cli/ (the CLI passes FLAG_NAMES, the library OPTION_NAMES)', async () => {
    const flags = await everyFlag();
    const offenders = await scanCore((relative, file, text) =>
      flagStrings(file, text, flags)
        .filter((hit) => !(`${relative} ${hit.split(' ')[1]}` in ALLOWED))
        .map((hit) => `${relative}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would see one, in a string or a template, and not in a comment or in code', () => {
    const flags = new Set(['--max-payload-bytes', '--state', '--depth']);
    expect(flagStrings('a.ts', "const hint = 'raise --max-payload-bytes';", flags)).toEqual([
      '1: --max-payload-bytes',
    ]);
    expect(flagStrings('a.ts', 'const m = `pass ${x} --state ${url}`;', flags)).toEqual(['1: --state']);
    expect(flagStrings('a.ts', '// pass --state\n/** --state */ const a = 1;', flags)).toEqual([]);
    expect(flagStrings('a.ts', 'if (--depth === 0) f();', flags)).toEqual([]);
    expect(flagStrings('a.ts', "const css = 'color: var(--accent)';", flags)).toEqual([]);
  });

  it('allows only literals that are still there', async () => {
    const flags = await everyFlag();
    for (const entry of Object.keys(ALLOWED)) {
      const [file, flag] = entry.split(' ');
      const hits = flagStrings(file!, await readFile(path.join(REPO_ROOT, file!), 'utf8'), flags);
      expect(
        hits.map((hit) => hit.split(' ')[1]),
        entry,
      ).toContain(flag);
    }
  });
});
