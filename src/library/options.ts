import type { InputLimits } from '../extract/input-limits.js';
import type { UpdateMode } from '../model/import-payload.js';
import type { Output } from '../output.js';
import type { Plan } from '../plan/types.js';
import type { AuthMode } from '../platform/types.js';
import type { StateStore } from '../state/store.js';

/** What to read and how to map it: the same as `--mapping`, `--input`, `--param`, `--encoding`. */
export interface MenuSource {
  /** A mapping file, or the name of a shipped mapping (e.g. 'shopify-products'). */
  mapping: string;
  /** The POS export files, in the mapping's source order. */
  inputs: string[];
  params?: Record<string, string>;
  /** Read every CSV and JSON input in this encoding instead of detecting it. */
  encoding?: string;
  /** Resource bounds for reading the inputs; the defaults for those left out. */
  limits?: Partial<InputLimits>;
}

/** The platform and its credentials. The library reads no environment variable and no file for them. */
export interface PlatformTarget {
  /** A name for reports (a config target's name). */
  name?: string;
  baseUrl: string;
  clientId: string;
  /** Needed to apply, and for plan to read the live menu (without it, plan works offline). */
  clientSecret?: string;
  auth?: AuthMode;
  /** The point of sale sent as pos_uid (default "default"). */
  posUid?: string;
  /** Attempts per request, the first included (default 5). */
  maxAttempts?: number;
  /** Seconds a request may spend on retries (default 120). */
  maxRetryTimeSeconds?: number;
  /** Seconds before one HTTP request times out (default 30). */
  timeoutSeconds?: number;
}

/** The guards of plan and apply, as `--allow-deletes`, `--allow-hiding`, ..., `--allow-empty` and `--protect`. */
export interface Guards {
  /** Most products a replace may remove: a count (12) or a share ('15%'). */
  allowDeletes?: number | `${number}%`;
  /** Most products shown before that a plan may hide: a count or a share. */
  allowHiding?: number | `${number}%`;
  /** Most products whose price may change by a factor of 10 or more: a count or a share. */
  allowPriceChanges?: number | `${number}%`;
  /** Most products of the menu as it was `erosionDays` ago that a replace may leave removed. */
  allowErosion?: number | `${number}%`;
  /** How many days back the erosion guard looks (default 7). */
  erosionDays?: number;
  allowEmpty?: boolean;
  /** ext_ids that must never be removed. */
  protect?: string[];
}

export interface RunOptions extends MenuSource {
  target: PlatformTarget;
  /** A state folder or a postgres:// URL (default .menusync in the working directory), or an open store. */
  state?: string | StateStore;
  mode?: 'auto' | UpdateMode;
  guards?: Guards;
  /** Where the run's messages go (extract summary, issues, retries). Without one, nothing is written. */
  reporter?: Output;
  /**
   * Cancels the run: checked between its stages and by every platform request. The run ends as a
   * failed one does (report `cancelled`, lock released, snapshot unmoved unless the platform had
   * confirmed) with `error` a RunCancelledError.
   */
  signal?: AbortSignal;
}

export interface PlanRunOptions extends RunOptions {
  /** Plan against the local snapshot alone, without reading the live menu. */
  offline?: boolean;
}

export interface ApplyRunOptions extends RunOptions {
  /** Asked once the plan is known and allowed; false cancels before anything is sent. */
  confirm?: (plan: Plan) => boolean | Promise<boolean>;
  /** Without `confirm`: a replace that removes entities is refused unless this is true. */
  allowRemovals?: boolean;
  /** A saved plan file (from `plan --out-plan`) to apply exactly, instead of the inputs. */
  savedPlan?: string;
  maxPayloadBytes?: number;
  keepRuns?: number;
}
