import { RE2JSException } from 're2js';
import { z } from 'zod';
import { namedRecord } from '../model/named-record.js';
import { parsePath, PathSyntaxError } from '../mapping/document/path-syntax.js';
import { compileHeaderPattern, HEADER_PATTERN_FLAGS, type HeaderPattern } from './header-pattern.js';

// mappings/<name>/format.yaml: how `menusync init` recognises a format, as data (never code).
// The rule language is documented in docs/mappings.md ("Adding a format"); one schema per shape.

/** `/…/flags` is a regular expression; anything else a header name compared trimmed, case-insensitively. */
const REGEX_TEXT = /^\/(.+)\/([a-z]*)$/s;

/** The pattern of a `/…/flags` text (validated by the schema), or undefined for a plain header name. */
export function patternOf(text: string): HeaderPattern | undefined {
  const m = REGEX_TEXT.exec(text);
  return m ? compileHeaderPattern(m[1] ?? '', m[2] ?? '') : undefined;
}

function patternProblem(text: string): string | undefined {
  const m = REGEX_TEXT.exec(text);
  if (!m) return undefined;
  const flags = m[2] ?? '';
  const unknown = [...flags].filter((flag) => !HEADER_PATTERN_FLAGS.includes(flag));
  if (unknown.length > 0) return `flags "${flags}": use only ${HEADER_PATTERN_FLAGS.join(', ')}`;
  try {
    new RegExp(m[1] ?? '', flags);
  } catch (error) {
    return `not a valid regular expression: ${(error as Error).message}`;
  }
  try {
    compileHeaderPattern(m[1] ?? '', flags);
    return undefined;
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    // What RE2 refuses (backreferences, lookaround) is what needs backtracking to match.
    return `init runs rules in linear time (RE2 syntax), which this one needs backtracking for: ${error.message}`;
  }
}

/** A header rule: an exact name or `/regex/flags`. */
const HeaderRuleText = z
  .string()
  .min(1)
  .superRefine((text, ctx) => {
    const problem = patternProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A parameter read from header names: a `/regex/flags` whose first capture group is the value. */
const ParamPattern = z
  .string()
  .regex(REGEX_TEXT, 'write a regular expression as /…/flags with a capture group')
  .superRefine((text, ctx) => {
    const problem = patternProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (!/\((?!\?)/.test(text)) ctx.addIssue({ code: 'custom', message: 'needs a capture group ( )' });
  });

/** A path in the document mapping's path syntax (docs/mapping-format.md "Paths"). */
const JsonPath = z
  .string()
  .min(1)
  .superRefine((text, ctx) => {
    try {
      parsePath(text);
    } catch (error) {
      if (!(error instanceof PathSyntaxError)) throw error;
      ctx.addIssue({ code: 'custom', message: `bad path ${error.message}` });
    }
  });

export const JsonTest = z.enum(['present', 'array', 'object', 'string', 'number', 'boolean']);
export type JsonTest = z.infer<typeof JsonTest>;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** One condition on the document: a path holds a kind of value (`is`) or equals a scalar. */
export const JsonCheck = z.union([
  z.strictObject({ path: JsonPath, is: JsonTest }),
  z.strictObject({ path: JsonPath, equals: Scalar }),
]);
export type JsonCheck = z.infer<typeof JsonCheck>;

export const JsonCondition = z.union([
  JsonCheck,
  z.strictObject({ any: z.array(JsonCheck).min(1, 'list at least one condition') }),
]);
export type JsonCondition = z.infer<typeof JsonCondition>;

const RuleId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes');

export const TableRecognitionRule = z.strictObject({
  id: RuleId,
  label: z.string().min(1).optional(),
  kind: z.literal('table'),
  headers: z.array(HeaderRuleText).min(1, 'name at least one header'),
  params: namedRecord(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), ParamPattern).optional(),
});
export type TableRecognitionRule = z.infer<typeof TableRecognitionRule>;

export const JsonRecognitionRule = z.strictObject({
  id: RuleId,
  label: z.string().min(1).optional(),
  kind: z.literal('json'),
  json: z.array(JsonCondition).min(1, 'list at least one condition'),
});
export type JsonRecognitionRule = z.infer<typeof JsonRecognitionRule>;

export const RecognitionRule = z.discriminatedUnion('kind', [TableRecognitionRule, JsonRecognitionRule]);
export type RecognitionRule = z.infer<typeof RecognitionRule>;

export const FormatFile = z.strictObject({
  /** The format's name for people, e.g. `Loyverse items export`. */
  label: z.string().min(1),
  recognize: z.array(RecognitionRule).min(1, 'name at least one recognition'),
});
export type FormatFile = z.infer<typeof FormatFile>;
