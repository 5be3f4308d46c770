/** One changed scalar field. A value absent on one side is `null` (no schema field is nullable). */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
  /**
   * Set on a `position` change that comes from the entity's place in its array (neither side has a
   * `position` field): the entity was moved. Only a replace carries array order to the platform.
   */
  implicit?: true;
  /**
   * Set on an explicit `position` change that leaves the entity's order relative to the others
   * as it was (an entity above it was removed or inserted): sent to the platform, but no customer
   * sees it, so reports count it apart and do not list it.
   */
  renumbered?: true;
  /**
   * On a product option value's `price_operand` change: what the customer pays for that choice
   * (the product's price plus the surcharge), before and after. Reports compare these.
   */
  customer?: { old: number; new: number };
  /**
   * For an object-valued field (e.g. `prices_table`, whose structure the spec leaves open): the
   * field-level difference as json-diff renders it, one line per changed key (`+ L: 4`, `- M: 2`).
   * Computed by the plan so renderers only print it.
   */
  detail?: string[];
}
