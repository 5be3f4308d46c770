import type { GuardNames } from '../model/setting-names.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { DataLocation } from '../model/data-issue.js';
import type { ImportPayload, UpdateMode } from '../model/import-payload.js';
import type { LiveMenu, LiveSummary } from './live/live-menu.js';
import type { MenuChange } from './live/menu-change.js';
import type { FieldChange } from './field-change.js';
import type { Allowance } from './limit.js';

export type EntityKind = 'category' | 'product' | 'option' | 'option_value';
export type PlanAction = 'add' | 'update' | 'remove' | 'keep';

export type { FieldChange } from './field-change.js';

/** One entity of the union of desired and baseline, matched by ext_id within its scope. */
export interface PlanEntry {
  kind: EntityKind;
  action: PlanAction;
  ext_id: string;
  /** Scope path: product ext_id for a product option; product/option for a value; e.g. ["P1","SIZE"]. */
  parents: string[];
  /**
   * For an option: whether it hangs under a category or a product. For an option value: the same,
   * for its option (category options and product options are separate scopes).
   */
  parentKind?: 'category' | 'product';
  name?: string;
  /** For update: changed scalar fields, old -> new (nested arrays are their own entries). */
  changes?: FieldChange[];
}

export type PlanMode = 'none' | 'merge' | 'replace';

/**
 * Entities per action. `update` counts entities with a change a customer can see (any field but
 * the position); entities whose only change is their position are counted in `reorder` (sent to
 * the platform, not listed as changed), and `moved` counts the entities whose place relative to
 * the others changed (reports say "order: N products moved"). Both are absent when zero (and in
 * plans of older versions, which count every update in `update`).
 */
export interface ActionCounts {
  add: number;
  update: number;
  remove: number;
  keep: number;
  reorder?: number;
  moved?: number;
}

export interface PlanCounts {
  categories: ActionCounts;
  products: ActionCounts;
  options: ActionCounts;
  option_values: ActionCounts;
}

export interface GuardOptions {
  /** Max products a replace may remove: a count, or a percentage of the baseline's products. */
  allowDeletes?: Allowance;
  /** Max products shown in the baseline that the plan hides: a count, or a percentage of them. */
  allowHiding?: Allowance;
  /** Max products whose price changes by PRICE_FACTOR or more: a count, or a percentage of the priced ones. */
  allowPriceChanges?: Allowance;
  /** Max products of the menu of `erosionDays` ago that a replace leaves gone: a count or a percentage. */
  allowErosion?: Allowance;
  /** How many days back erosion looks (the menu as it was then, from run history); default 7. */
  erosionDays?: number;
  allowEmpty?: boolean;
  /** ext_ids (of any kind) that must never be removed. */
  protect?: string[];
}

export interface PlanOptions extends GuardOptions {
  posUid: string;
  /** auto (default) chooses; merge/replace override. */
  mode?: 'auto' | UpdateMode;
  /** Extraction errors make the plan blocked. */
  extractionErrors?: number;
  /** The first of them, where it is and what: `menu.csv, row 4, column "Price": … [bad-price]`. */
  firstExtractionError?: string;
  /** What the extraction decided on its own (a sale price taken, a fallback category): the plan keeps them. */
  extractionNotes?: readonly PlanNote[];
  /** Where the desired menu came from (export files, currency): the plan keeps it for the reports. */
  source?: PlanSource;
  /**
   * Why the baseline is null, for the reason text (e.g. "the last apply's outcome is unknown").
   * Default: no snapshot of an earlier apply.
   */
  baselineNote?: string;
  /**
   * The live menu read just before planning (GET /menu/categories): the plan shows its drift from
   * the baseline, and a replace is judged against it. Absent: planned against the snapshot alone.
   */
  live?: LiveMenu;
  /** Why the live menu was not read (an offline plan): the reports say so first. */
  offline?: string;
  /** The menu as it was some days ago, from run history: a replace is judged against it too (erosion.ts). */
  erosionReference?: ErosionReference;
  /**
   * How the caller names the settings a guard's message advises (the CLI's flags); default the
   * library's option names. The advice is data too: GuardBlock.allows.
   */
  names?: GuardNames;
}

/**
 * What would let a refused plan through, as data: the setting and its smallest value that
 * allows it (delete-limit `{ setting: 'allowDeletes', value: 267 }`, a merge `{ setting: 'mode', value: 'replace' }`).
 */
export interface GuardAllowance {
  setting: keyof GuardNames;
  value: number | boolean | string;
}

/** A menu the platform confirmed some days ago, that the erosion guard counts removals against. */
export interface ErosionReference {
  menu: CanonicalMenu;
  runId: string;
  appliedAt: string;
  /** The window it stands for (erosionDays). */
  days: number;
}

/** The guards that can refuse a plan (exit 3), a closed list. */
export type GuardName =
  | 'extraction-errors'
  | 'empty-menu'
  | 'delete-limit'
  | 'erosion'
  | 'mass-hiding'
  | 'price-factor'
  | 'protected'
  | 'merge-cannot-remove'
  | 'saved-plan-stale';

/**
 * One guard that refused the plan: its name, its sentence (the plan's `blocked` joins them), and
 * the numbers it decided on, for scripts that read the report, e.g. delete-limit
 * `{removed: 12, snapshotProducts: 40, limitPercent: 20, limitCount: 10}`.
 */
export interface GuardBlock {
  guard: GuardName;
  message: string;
  numbers: Record<string, number>;
  /** The entities concerned (protected ones that would be removed), when the guard names some. */
  extIds?: string[];
  /** What would let it through, when a setting can (absent for extraction errors, protected entities, a stale plan). */
  allows?: GuardAllowance;
  /** The first row behind the block, when rows are its cause (extraction-errors): file, row, column, what. */
  first?: string;
}

/**
 * Something the extraction decided that changes what goes live, though no problem: a price taken
 * from a running sale, products put in a fallback category. The manager's report names them.
 */
export interface PlanNote {
  code: string;
  message: string;
  location?: DataLocation;
}

export interface Plan {
  formatVersion: 1;
  mode: PlanMode;
  reason: string;
  /** null, or why apply must refuse (exit 3). */
  blocked: string | null;
  /** The guards behind `blocked`, one each ([] when not blocked; absent from plans of older versions). */
  blockedBy?: GuardBlock[];
  counts: PlanCounts;
  /** Sorted deterministically: kind order, then scope path, then ext_id. */
  entries: PlanEntry[];
  /** The request body to POST; null when mode is none. */
  payload: ImportPayload | null;
  /**
   * What changed on the platform outside menusync since the snapshot (snapshot -> live), shown
   * first by every report. Present when the plan was made against the live menu or offline.
   */
  drift?: MenuChange[];
  /** The live menu the plan was made against; null when planned offline (`offline` says why). */
  live?: PlanLive | null;
  offline?: string;
  /** Set by `menusync rollback`: the run whose confirmed menu this plan goes back to. */
  rollback?: RollbackOrigin;
  /** The extraction's decisions (PlanNote); absent when it took none. */
  notes?: PlanNote[];
  /** The export files and currency of the desired menu, when the caller said (the CLI does). */
  source?: PlanSource;
  /**
   * The category name of each product the plan adds, changes or removes, by product ext_id (from
   * the desired menu, or the baseline for a removal): a manager reads "Latte (Coffee)", not an id.
   * Absent when no product changes.
   */
  productCategories?: Record<string, string>;
}

/** Where a plan's desired menu came from, as the manager's report names it. */
export interface PlanSource {
  /** The export files read, each with when it was last modified (ISO 8601; null when unknown). */
  inputs: { file: string; modifiedAt: string | null }[];
  /** The mapping's currency (ISO 4217), when it names one. */
  currency?: string;
}

/** The live menu in a plan: its summary, and what a replace does to it (live -> desired). */
export interface PlanLive extends LiveSummary {
  /** Set for a replace: what it adds, changes and removes on the platform ([] otherwise). */
  changes: MenuChange[];
}

/** The run a rollback goes back to, and when the platform confirmed that run's menu. */
export interface RollbackOrigin {
  runId: string;
  appliedAt: string;
}

export type PlanFunction = (
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  options: PlanOptions,
) => Plan;
