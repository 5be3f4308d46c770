import { randomInt } from 'node:crypto';

/**
 * A string-keyed index for grouping rows (stream-rows.ts): the same answers as a Map, for the one
 * job of a group key per product of a big export. It stays because it earns its keep on the whole
 * `menusync extract --out` process of 100k products: with a Map instead, CPU time rose 8-10% and
 * wall time 10-26% (medians of 9 and 11 interleaved pairs of `npm run bench -- --only extract`). A Map's hash table
 * is rebuilt as it grows and every entry is more for the garbage collector to trace; here the table
 * is typed arrays holding only numbers, open addressing with linear probing, and keys and values
 * sit in two plain arrays in insertion order.
 */
export class KeyIndex<V> {
  /** Table slot -> 1 + entry number (0: empty). Never more than half full. */
  private slots = new Int32Array(1024);
  /** Table slot -> the key's hash, so a probe compares strings only when the hashes match. */
  private hashes = new Int32Array(1024);
  private readonly keys: string[] = [];
  private readonly values: V[] = [];
  /** Per index: keys that collide in one index need not collide in the next run's. */
  private readonly seed = randomInt(0x7fffffff);

  get(key: string): V | undefined {
    const hash = this.hash(key);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return undefined;
      if (this.hashes[slot] === hash && this.keys[entry - 1] === key) return this.values[entry - 1];
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds a key that is not in the index yet (callers look it up first); `value` is never undefined. */
  add(key: string, value: V): void {
    this.keys.push(key);
    this.values.push(value);
    this.place(this.hash(key), this.keys.length);
    if (this.keys.length * 2 > this.slots.length) this.grow();
  }

  private place(hash: number, entry: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry;
    this.hashes[slot] = hash;
  }

  private grow(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(slots.length * 2);
    this.hashes = new Int32Array(slots.length * 2);
    for (let slot = 0; slot < slots.length; slot++) {
      const entry = slots[slot] as number;
      if (entry !== 0) this.place(hashes[slot] as number, entry);
    }
  }

  /** FNV-1a over the UTF-16 code units, from a per-index seed. */
  private hash(key: string): number {
    let hash = this.seed ^ 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    return hash;
  }
}
