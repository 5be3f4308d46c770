/**
 * A record of the document (a category, an item, a modifier group...) with the record it was
 * reached from, so `^` can climb back up. `path` is its JSON path, used in issue locations.
 */
export interface Scope {
  value: unknown;
  path: string;
  parent?: Scope;
  /** The member name (`.*`) or index (`[*]`) under which this record was reached: `@key`. */
  key?: string | number;
  /** Mapping parameters, set on the root scope only (read by `@param.<name>`). */
  params?: Readonly<Record<string, string>>;
  /**
   * Root scope only: the ext_ids of the entities being built, set by the engine (`@product`,
   * `@category`, `@option` in paths), so an option's or value's id can name its owner.
   */
  entities?: { product?: string; category?: string; option?: string };
  /** Root scope only: where a path reports a problem it meets in the data (located, by JSON path). */
  report?: (path: string, message: string) => void;
}

/** One node a path reached, with the record it sits in. */
export interface PathMatch {
  value: unknown;
  path: string;
  scope: Scope;
}
