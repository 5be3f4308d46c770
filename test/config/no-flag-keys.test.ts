import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
 * an options object's `'allow-hiding': {…}`, and the input limits' `flag: '--max-cells'`.
 */
async function cliFlags(): Promise<Set<string>> {
  const flags = new Set<string>();
  const patterns = [
    /\.option\(\s*'([a-z]+(?:-[a-z]+)+)'/g,
    /^\s*'([a-z]+(?:-[a-z]+)+)':\s*\{/gm,
    /flag:\s*'--([a-z]+(?:-[a-z]+)+)'/g,
  ];
  const files = [...(await sourceFiles(CLI)), path.join(SRC, 'extract', 'input-limits.ts')];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) flags.add(match[1]!);
  }
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
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      if (file.startsWith(CLI + path.sep)) continue;
      for (const hit of flagKeys(await readFile(file, 'utf8'), flags))
        offenders.push(`${path.relative(REPO_ROOT, file)}:${hit}`);
    }
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
