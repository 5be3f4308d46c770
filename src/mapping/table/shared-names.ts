/** Distinct names kept; past that many, names are returned as read. */
const LIMIT = 4096;
/** Longer names are seldom repeated: not worth a lookup. */
const MAX_LENGTH = 64;

/**
 * One string per distinct short name: "Size", "Small" and "Large" sit on 50k products of a big
 * export, and each row's cell is a string of its own; the menu keeps one of each instead.
 */
export class SharedNames {
  private readonly names = new Map<string, string>();

  /** The string kept for `name` (the first one read), or `name` itself. */
  of(name: string | undefined): string | undefined {
    if (name === undefined || name.length > MAX_LENGTH) return name;
    const known = this.names.get(name);
    if (known !== undefined) return known;
    if (this.names.size < LIMIT) this.names.set(name, name);
    return name;
  }
}
