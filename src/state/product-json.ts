/**
 * JSON.stringify(record) for a menu's products, the same bytes, with each shared option object
 * serialized once: extract shares one frozen option object between all the products of a modifier set,
 * and writing it out again for each of 100k products was most of a snapshot's cost. A record
 * whose options are all shared and already written is assembled from its own members and those
 * texts; any other goes to JSON.stringify whole (V8's fast path), which is quicker for options met
 * once (a menu read back from JSON shares nothing).
 */
export class ProductJson {
  /** Options met once: met again, they are shared, and their text is kept. */
  private readonly met = new WeakSet<object>();
  private readonly texts = new WeakMap<object, string>();
  private readonly quoted = new Map<string, string>();

  json(record: object): string {
    const options = (record as { options?: unknown }).options;
    if (!isPlainObject(record) || !Array.isArray(options) || !this.allShared(options))
      return JSON.stringify(record);
    const values = record as Readonly<Record<string, unknown>>;
    let out = '{';
    for (const key of Object.keys(values)) {
      const value = values[key];
      const text = key === 'options' ? this.optionList(options) : JSON.stringify(value);
      // undefined for undefined, functions and symbols, which JSON.stringify leaves out of an object.
      if (text === undefined) continue;
      out += out.length === 1 ? `${this.key(key)}${text}` : `,${this.key(key)}${text}`;
    }
    return `${out}}`;
  }

  private key(key: string): string {
    let quoted = this.quoted.get(key);
    if (quoted === undefined) {
      quoted = `${JSON.stringify(key)}:`;
      this.quoted.set(key, quoted);
    }
    return quoted;
  }

  /**
   * True when every option has a kept text; notes the ones met for the first or second time.
   * Only frozen options can be shared ones (extract freezes what it shares): a menu parsed from
   * JSON shares nothing, and noting its every option in the weak sets cost more than it saved.
   */
  private allShared(options: readonly unknown[]): boolean {
    let all = options.length > 0;
    for (const option of options) {
      if (!isPlainObject(option) || !Object.isFrozen(option)) return false;
      if (this.texts.has(option)) continue;
      all = false;
      if (this.met.has(option)) this.texts.set(option, JSON.stringify(option));
      else this.met.add(option);
    }
    return all;
  }

  private optionList(options: readonly unknown[]): string {
    let out = '[';
    for (let i = 0; i < options.length; i++) {
      if (i > 0) out += ',';
      out += this.texts.get(options[i] as object)!;
    }
    return `${out}]`;
  }
}

function isPlainObject(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}
