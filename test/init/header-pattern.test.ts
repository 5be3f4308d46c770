import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatFileError, knownFormats, parseFormatFile } from '../../src/init/known-formats.js';
import { compileHeaderPattern } from '../../src/init/header-pattern.js';
import { recognizeHeaders } from '../../src/init/recognize.js';
import { SHIPPED_MAPPINGS_DIR } from '../../src/mapping/loader.js';

// Issue 30 §3: format.yaml rules run on an engine without backtracking (RE2), so no rule can make
// `init` slow on a hostile header; what RE2 cannot run is refused with its line when the file loads.

const withHeaderRule = (rule: string) =>
  `label: X\nrecognize:\n  - id: x\n    kind: table\n    headers: [Name, '${rule}']\n`;

function problemsOf(text: string): string {
  try {
    parseFormatFile(text, 'format.yaml');
  } catch (error) {
    if (error instanceof FormatFileError) return error.message;
    throw error;
  }
  return '';
}

/** Headers that make a backtracking engine try every split of a long run before failing. */
const HOSTILE = ['a'.repeat(64) + '!', ' '.repeat(30_000) + 'x', 'Price ['.repeat(5_000)];

describe('format.yaml regular expressions', () => {
  it('runs a nested quantifier against a hostile header without backtracking', async () => {
    const pattern = compileHeaderPattern('^(a+)+$', 'i');
    // JavaScript's engine takes 2^64 steps to refuse this header; RE2 reads it once.
    expect(pattern.test(HOSTILE[0] as string)).toBe(false);
    expect(pattern.test('AAAA')).toBe(true);
    expect(compileHeaderPattern('^Price \\[(.+)\\]$', 'i').capture('price [Main]')).toBe('Main');
  });

  it.each([
    ['a backreference', '/^(a)\\1$/', /format\.yaml:5: .*linear time .*invalid escape sequence/],
    ['a lookahead', '/^(?=Name)N.*$/', /format\.yaml:5: .*linear time .*\(\?=/],
    ['a flag RE2 does not have', '/^Name$/y', /format\.yaml:5: .*flags "y": use only i, m, s, u/],
  ])('refuses %s with its line', (_what, rule, expected) => {
    expect(problemsOf(withHeaderRule(rule))).toMatch(expected);
  });

  it('loads every shipped rule, each matching what JavaScript matches on the fixtures and bounded on hostile headers', async () => {
    const { table } = await knownFormats();
    const patterns = table.flatMap((f) => [
      ...f.requires.filter((r) => typeof r !== 'string'),
      ...Object.values(f.params ?? {}),
    ]);
    expect(patterns.length).toBeGreaterThan(5);
    const headers = shippedFixtureHeaders();
    expect(headers.length).toBeGreaterThan(50);
    for (const pattern of patterns) {
      const [, source = '', flags = ''] = /^\/(.+)\/([a-z]*)$/s.exec(pattern.source) ?? [];
      const js = new RegExp(source, flags);
      for (const header of [...headers, ...HOSTILE])
        expect([pattern.source, header, pattern.test(header)]).toEqual([
          pattern.source,
          header,
          js.test(header),
        ]);
    }
    // And recognition as a whole stays fast on a file whose every header is hostile.
    expect(recognizeHeaders(HOSTILE, table)).toBeUndefined();
  });
});

/** The header row (first line) of every shipped CSV fixture, split at its delimiter. */
function shippedFixtureHeaders(): string[] {
  const headers: string[] = [];
  for (const name of readdirSync(SHIPPED_MAPPINGS_DIR)) {
    const dir = path.join(SHIPPED_MAPPINGS_DIR, name, 'fixtures');
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.csv'));
    } catch {
      continue;
    }
    for (const file of files) {
      const first =
        readFileSync(path.join(dir, file), 'utf8')
          .replace(/^\uFEFF/, '')
          .split(/\r?\n/)[0] ?? '';
      headers.push(
        ...first.split(first.includes(';') ? ';' : ',').map((h) => h.replace(/^"|"$/g, '').trim()),
      );
    }
  }
  return headers;
}
