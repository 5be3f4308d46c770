import { z } from 'zod';

// Names that users write (config targets, mapping sources and parameters, lookup keys) are keys of
// records. A plain object answers `constructor` or `toString` for names nobody wrote (`{@param.constructor}`
// rendered a function and crashed the mapping), so such records come out without a prototype:
// `record[name]` is what the file says or undefined. (`__proto__`, which zod drops from a record
// without a word, is refused with its line by the file loaders: yaml-data.ts.)

/** Read into a plain object, `__proto__` sets its prototype instead of naming anything. */
export const RESERVED_KEY = '__proto__';

/** A z.record of user-written names whose parsed value has no prototype. */
export function namedRecord<Value extends z.ZodType>(key: z.ZodString, value: Value) {
  return z.record(key, value).overwrite((record) => withoutPrototype(record));
}

/** A copy of `record` without a prototype, for lookups by names users wrote. */
export function withoutPrototype<Value>(record: Readonly<Record<string, Value>>): Record<string, Value> {
  return Object.assign(Object.create(null) as Record<string, Value>, record);
}
