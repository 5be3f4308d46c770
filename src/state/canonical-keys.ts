/**
 * The key list that makes JSON.stringify write canonical JSON (src/plan/canonical-json.ts) without
 * building a key-sorted copy: given an array of property names, JSON.stringify writes every
 * object's members in that array's order, so the sorted union of all keys sorts every level.
 */
export function canonicalKeys(value: unknown): string[] {
  const keys = new Set<string>();
  collectKeys(value, keys, new WeakSet());
  return [...keys].sort(byOwnKeyOrder);
}

/** The same bytes as canonicalJson(value), without the sorted copy. */
export function canonicalMenuJson(value: unknown): string {
  return JSON.stringify(value, canonicalKeys(value));
}

/**
 * canonicalJson's order: it builds its copy in sorted order, but an object lists array-index keys
 * ("2", "10") first, in numeric order, whatever the order they were added in; the rest sorted.
 */
function byOwnKeyOrder(a: string, b: string): number {
  const ia = arrayIndex(a);
  const ib = arrayIndex(b);
  if (ia !== undefined || ib !== undefined) {
    if (ia === undefined) return 1;
    if (ib === undefined) return -1;
    return ia - ib;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

const MAX_ARRAY_INDEX = 2 ** 32 - 2;

function arrayIndex(key: string): number | undefined {
  if (key === '' || key.length > 10 || !/^(0|[1-9][0-9]*)$/.test(key)) return undefined;
  const n = Number(key);
  return n <= MAX_ARRAY_INDEX ? n : undefined;
}

/**
 * `seen` skips objects met before: extract shares one option object (and its values) between
 * every product of a modifier set, so a 100k-product menu has a million values but ten objects.
 */
function collectKeys(value: unknown, keys: Set<string>, seen: WeakSet<object>): void {
  if (typeof value !== 'object' || value === null) return;
  if (seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) collectKeys(item, keys, seen);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    keys.add(key);
    collectKeys(record[key], keys, seen);
  }
}

/**
 * JSON.stringify(record, keys) for a menu's products and categories, the same bytes, with each
 * option object serialized once: extract shares one option object between all the products of a
 * modifier set, and writing it out again for each of 100k products was most of a snapshot's cost.
 * Only the top level and `options` are taken apart; every other value goes to JSON.stringify.
 */
export class CanonicalWriter {
  private readonly quoted: string[];
  private readonly options = new WeakMap<object, string>();

  constructor(private readonly keys: string[]) {
    this.quoted = keys.map((key) => `${JSON.stringify(key)}:`);
  }

  json(record: object): string {
    if (Array.isArray(record) || typeof (record as { toJSON?: unknown }).toJSON === 'function')
      return JSON.stringify(record, this.keys);
    const values = record as Readonly<Record<string, unknown>>;
    let out = '{';
    for (let i = 0; i < this.keys.length; i++) {
      const key = this.keys[i]!;
      const value = values[key];
      if (value === undefined) continue;
      const text =
        key === 'options' && Array.isArray(value)
          ? this.optionList(value)
          : typeof value === 'object' && value !== null
            ? JSON.stringify(value, this.keys)
            : // A key list changes nothing for a scalar, and costs V8 a set of the keys per call.
              JSON.stringify(value);
      // undefined for functions and symbols, which JSON.stringify leaves out of an object.
      if (text === undefined) continue;
      out += out.length === 1 ? `${this.quoted[i]}${text}` : `,${this.quoted[i]}${text}`;
    }
    return `${out}}`;
  }

  private optionList(options: readonly unknown[]): string {
    let out = '[';
    for (let i = 0; i < options.length; i++) {
      if (i > 0) out += ',';
      out += this.option(options[i]);
    }
    return `${out}]`;
  }

  private option(option: unknown): string {
    if (
      typeof option !== 'object' ||
      option === null ||
      typeof (option as { toJSON?: unknown }).toJSON === 'function'
    )
      return JSON.stringify(option, this.keys) ?? 'null';
    let text = this.options.get(option);
    if (text === undefined) {
      text = JSON.stringify(option, this.keys);
      this.options.set(option, text);
    }
    return text;
  }
}
