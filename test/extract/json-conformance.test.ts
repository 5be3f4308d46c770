import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';

// JSONTestSuite (../shared/peer-suites/json-test-suite, see its README): y_ files must parse, n_ files
// must be refused with a located error, i_ files either way; no file may crash the reader or hang it.
// Every file goes through the built reader (dist/, as the CLI runs it) in ONE child process; the
// harness gives each file a time limit and, on a hang or a crash, records it and goes on in a new child.
const SUITE = path.resolve(REPO_ROOT, '../shared/peer-suites/json-test-suite/test_parsing');
const READER = path.join(REPO_ROOT, 'dist/extract/json/read-json.js');
const ERRORS = path.join(REPO_ROOT, 'dist/errors.js');
/** Generous for a busy shared machine: a limit against hangs, not a speed assertion. */
const PER_FILE_MS = 5000;

/**
 * The i_ files (the suite leaves the verdict to the parser): what menusync's reader does, and why.
 * No y_ or n_ file needs an exception: every y_ parses, every n_ is refused.
 */
type Choice = 'accepted' | 'refused' | 'accepted with issues' | 'accepted, text kept';
const I_CHOICES: [RegExp, Choice, string][] = [
  // Excel and Windows tools write a UTF-8 BOM; it carries no data, so it is dropped (parse-json.ts).
  [/^i_structure_UTF-8_BOM_empty_object/, 'accepted', 'a UTF-8 BOM is stripped'],
  [/^i_string_UTF-16LE_with_BOM/, 'accepted', 'UTF-16 is recognised by its byte-order mark only'],
  // RFC 8259 section 8.1: JSON is UTF-8; without a BOM nothing is guessed.
  [/^i_string_utf16(BE|LE)_no_BOM/, 'refused', 'JSON is UTF-8: UTF-16 without a BOM is not guessed'],
  // Prices must not be silently rounded: numbers a double cannot hold keep their text (inexact-numbers.ts).
  [/^i_number_too_big_pos_int/, 'accepted', '1e20 is exact as a double'],
  [/^i_number_/, 'accepted, text kept', 'a number a double cannot hold keeps its source text'],
  // Nothing silent: bytes that are not UTF-8 are replaced and reported as data issues, with their path.
  [
    /^i_string_(UTF-8_invalid|UTF8_surrogate|invalid_utf-8|iso_latin|lone_utf8|not_in_unicode|overlong|truncated)/,
    'accepted with issues',
    'invalid UTF-8 is reported as a data issue, not a refusal',
  ],
  // Escaped lone surrogates are valid JavaScript strings; the platform receives them as sent.
  [/^i_(string|object)_.*surrogate/, 'accepted', 'escaped lone surrogates are kept as JavaScript strings'],
  [/^i_structure_500_nested_arrays/, 'accepted', 'deep nesting is fine for JSON.parse'],
];

const CHILD = `
const { readJson } = await import(${JSON.stringify(READER)});
const { MenusyncError } = await import(${JSON.stringify(ERRORS)});
for (const file of process.argv.slice(1)) {
  process.stdout.write(JSON.stringify({ start: file }) + '\\n');
  let verdict;
  try {
    const source = await readJson(file);
    verdict = { file, ok: true, issues: source.issues.length, inexact: source.inexactNumbers?.size ?? 0 };
  } catch (error) {
    const located = error instanceof MenusyncError;
    verdict = { file, ok: false, located, message: String(error && error.message) };
  }
  process.stdout.write(JSON.stringify(verdict) + '\\n');
}
`;

interface Verdict {
  file: string;
  ok: boolean;
  /** A MenusyncError (refused as bad input) rather than any other exception (a crash). */
  located?: boolean;
  message?: string;
  issues?: number;
  inexact?: number;
  /** Killed after PER_FILE_MS, or the process died on this file. */
  failure?: 'hang' | 'crash';
}

/** Runs files in one child until done, or until one hangs or kills it; returns what was judged. */
function runChild(files: string[]): Promise<Verdict[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, ...files], { cwd: REPO_ROOT });
    const verdicts: Verdict[] = [];
    let current: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    let pending = '';
    let stderr = '';
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (current !== undefined) verdicts.push({ file: current, ok: false, failure: 'hang' });
        current = undefined;
        child.kill('SIGKILL');
      }, PER_FILE_MS);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as Verdict | { start: string };
        if ('start' in message) {
          current = message.start;
          arm();
        } else {
          verdicts.push(message);
          current = undefined;
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (current !== undefined)
        verdicts.push({
          file: current,
          ok: false,
          failure: 'crash',
          message: `(exit ${code ?? signal}) ${stderr}`,
        });
      if (verdicts.length === 0 && files.length > 0) reject(new Error(`reader child failed: ${stderr}`));
      else resolve(verdicts);
    });
  });
}

async function judgeAll(files: string[]): Promise<Map<string, Verdict>> {
  const judged = new Map<string, Verdict>();
  let rest = files;
  while (rest.length > 0) {
    for (const v of await runChild(rest)) judged.set(path.basename(v.file), v);
    rest = rest.filter((f) => !judged.has(path.basename(f)));
  }
  return judged;
}

function describeVerdict(v: Verdict): Choice {
  if (!v.ok) return 'refused';
  if ((v.issues ?? 0) > 0) return 'accepted with issues';
  return (v.inexact ?? 0) > 0 ? 'accepted, text kept' : 'accepted';
}

const present = existsSync(SUITE);
if (!present) console.warn(`skipping the JSONTestSuite conformance test: ${SUITE} is absent`);

describe.skipIf(!present)('JSONTestSuite through the JSON reader', () => {
  it('parses every y_ file, refuses every n_ file with a located error, never crashes or hangs', async () => {
    const names = readdirSync(SUITE)
      .filter((n) => n.endsWith('.json'))
      .sort();
    const judged = await judgeAll(names.map((n) => path.join(SUITE, n)));
    const wrong: string[] = [];
    for (const name of names) {
      const v = judged.get(name);
      if (v === undefined) wrong.push(`${name}: never judged`);
      else if (v.failure) wrong.push(`${name}: ${v.failure} ${v.message ?? ''}`.trim());
      else if (!v.ok && !v.located) wrong.push(`${name}: crashed with ${v.message}`);
      else if (name.startsWith('y_') && !v.ok) wrong.push(`${name}: refused: ${v.message}`);
      else if (name.startsWith('n_') && v.ok) wrong.push(`${name}: accepted`);
      else if (
        !v.ok &&
        !(v.message?.includes(name) && /line \d+|row \d+|position|at \$|offset/.test(v.message))
      )
        wrong.push(`${name}: error not located: ${v.message}`);
    }
    for (const name of names.filter((n) => n.startsWith('i_'))) {
      const v = judged.get(name);
      const choice = I_CHOICES.find(([pattern]) => pattern.test(name));
      if (v === undefined || v.failure || choice === undefined) {
        if (choice === undefined) wrong.push(`${name}: no choice named for it`);
        continue;
      }
      if (describeVerdict(v) !== choice[1])
        wrong.push(`${name}: ${describeVerdict(v)}, expected ${choice[1]} (${choice[2]})`);
    }
    expect(wrong).toEqual([]);
    expect(names.filter((n) => n.startsWith('y_')).length).toBeGreaterThan(90);
  }, 120_000);
});
