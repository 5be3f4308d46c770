import { RE2JS } from 're2js';

// The `/…/flags` rules of a format.yaml are run by RE2 (the re2js port), whose matching time is
// linear in the header's length whatever the pattern: a rule such as `/^(a+)+$/` cannot make
// `init` hang on a hostile header as JavaScript's backtracking engine would (issue 30 §3).
// RE2 refuses what it cannot run in linear time (backreferences, lookaround) when the file loads.

/** A compiled header rule: `test` as RegExp.test, `capture` the first group of the first match. */
export interface HeaderPattern {
  readonly source: string;
  test(header: string): boolean;
  capture(header: string): string | undefined;
}

/** `g` and `y` make a JavaScript RegExp stateful; RE2 has no `u` (it always reads code points). */
const FLAG_BITS: ReadonlyMap<string, number> = new Map([
  ['i', RE2JS.CASE_INSENSITIVE],
  ['m', RE2JS.MULTILINE],
  ['s', RE2JS.DOTALL],
  ['u', 0],
]);

export const HEADER_PATTERN_FLAGS = [...FLAG_BITS.keys()];

/** Compiles `source` with `flags` (each one of HEADER_PATTERN_FLAGS); throws a RE2JS error when RE2 refuses it. */
export function compileHeaderPattern(source: string, flags: string): HeaderPattern {
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS.get(flag) ?? 0;
  const re = RE2JS.compile(source, bits);
  return {
    source: `/${source}/${flags}`,
    test: (header) => re.matcher(header).find(),
    capture: (header) => {
      const m = re.matcher(header);
      return m.find() ? (m.group(1) ?? undefined) : undefined;
    },
  };
}
