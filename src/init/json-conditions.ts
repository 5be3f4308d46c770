import { parsePath, type ParsedPath } from '../mapping/document/path-syntax.js';
import { evaluatePath, isRecord, rootScope } from '../mapping/document/select-path.js';
import type { JsonCheck, JsonCondition, JsonTest } from './format-file.js';

// The `json:` conditions of a format.yaml, compiled once: every condition must hold; an `any:`
// holds when one of its checks does. A path holds when ANY node it reaches passes, so
// `objects[*].type` with `equals: ITEM` means "some object is an ITEM".

export type DocumentTest = (document: unknown) => boolean;

export function compileJsonConditions(conditions: readonly JsonCondition[]): DocumentTest {
  const tests = conditions.map((condition) =>
    'any' in condition ? anyOf(condition.any.map(compileCheck)) : compileCheck(condition),
  );
  return (document) => tests.every((test) => test(document));
}

function anyOf(tests: DocumentTest[]): DocumentTest {
  return (document) => tests.some((test) => test(document));
}

function compileCheck(check: JsonCheck): DocumentTest {
  const path: ParsedPath = parsePath(check.path);
  const passes = 'is' in check ? (value: unknown) => isKind(value, check.is) : equalTo(check.equals);
  // Recognition only looks: a keyed table met by `[*]` is no match, not a problem to report.
  return (document) => {
    const root = rootScope(document);
    return evaluatePath(path, root, root).some((m) => passes(m.value));
  };
}

function equalTo(expected: string | number | boolean): (value: unknown) => boolean {
  return (value) => value === expected;
}

function isKind(value: unknown, test: JsonTest): boolean {
  switch (test) {
    case 'present':
      return value !== undefined && value !== null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
  }
}
