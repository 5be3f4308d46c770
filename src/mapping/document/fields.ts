import { implausiblePriceMessage, isImplausiblePrice } from '../../model/money.js';
import type { CompiledTransform, Scalar } from '../types.js';
import { compileValue, type CompiledValue, type CompileTransforms } from './compile-value.js';
import type { RunState } from './records.js';
import type { DocValue } from './schema.js';
import type { Scope } from './select-path.js';

// Typed fields of the import entities, read through compiled values. A value that cannot be the
// field's type is an issue at the record's path and the field is left out (never guessed).

export type FieldKind = 'text' | 'money' | 'integer' | 'boolean';

export interface CompiledField {
  name: string;
  kind: FieldKind;
  read: CompiledValue;
}

export interface FieldCompiler {
  field(name: string, kind: FieldKind, spec: DocValue | undefined): CompiledField | undefined;
}

export function fieldCompiler(transforms: CompileTransforms): FieldCompiler {
  return {
    field(name, kind, spec) {
      return spec === undefined
        ? undefined
        : { name, kind, read: compileValue(spec, transforms, kind === 'money') };
    },
  };
}

/** Reads the given fields of a record into an object, leaving out the ones with no value. */
export function readFields(
  fields: readonly (CompiledField | undefined)[],
  scope: Scope,
  state: RunState,
  booleans: CompiledTransform,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    if (!field) continue;
    const value = coerce(field, field.read(scope, state), scope, state, booleans);
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

function coerce(
  field: CompiledField,
  value: Scalar,
  scope: Scope,
  state: RunState,
  booleans: CompiledTransform,
): string | number | boolean | undefined {
  if (value === null) return undefined;
  const where = scope.path;
  switch (field.kind) {
    case 'text':
      return String(value);
    case 'money': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (typeof value !== 'boolean' && Number.isFinite(n)) {
        if (!isImplausiblePrice(n, state.money.limit)) return n;
        state.issue(
          'bad-price',
          'error',
          `${field.name}: ${implausiblePriceMessage(n, undefined, state.money.limit)}`,
          where,
        );
        return undefined;
      }
      state.issue('bad-price', 'error', `${field.name} is not a price: "${String(value)}"`, where);
      return undefined;
    }
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (typeof value !== 'boolean' && Number.isInteger(n)) return n;
      state.issue('bad-number', 'error', `${field.name} is not a whole number: "${String(value)}"`, where);
      return undefined;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const b = booleans(value, state.sink(where));
      return typeof b === 'boolean' ? b : undefined;
    }
  }
}
