import type { ImportPayload } from '../model/import-payload.js';

export type AuthMode = 'oauth' | 'headers';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Bounds on retrying: whichever is reached first ends the retries. */
export interface RetryPolicy {
  /** Total attempts including the first (>= 1). */
  maxAttempts: number;
  /** Total time budget for all attempts and waits, in milliseconds. */
  maxRetryTimeMs: number;
  /** First backoff delay; grows exponentially with jitter. */
  minDelayMs: number;
  maxDelayMs: number;
}

/** `retrying`: another attempt follows; `giving-up`: the call fails with its last error. */
export type RetryNotice = (message: string, kind: 'retrying' | 'giving-up') => void;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  maxRetryTimeMs: 120_000,
  minDelayMs: 500,
  maxDelayMs: 30_000,
};

export interface PlatformClientOptions {
  /** Includes any path prefix, e.g. https://host/api */
  baseUrl: string;
  auth: AuthMode;
  credentials: Credentials;
  /** How the caller names the client secret, for the hint of a refused sign-in (`--client-secret-file`). */
  secretName?: string | undefined;
  retry?: Partial<RetryPolicy>;
  /** Per-request timeout in milliseconds. */
  requestTimeoutMs?: number;
  /** Renew the OAuth token this long before it expires. */
  tokenRenewMarginMs?: number;
  /** Diagnostic messages (already free of secrets). */
  log?: (message: string) => void;
  /**
   * One line per retry, and one when retrying stops before a call succeeded (already free of
   * secrets). For the user: the CLI prints them on stderr. Default: to `log`.
   */
  notice?: RetryNotice;
  /** Injected clock for token expiry (ms since epoch). */
  now?: () => number;
  /**
   * The run's cancellation: once aborted, a request in flight stops, no retry starts and every
   * call rejects with RunCancelledError (errors.ts).
   */
  signal?: AbortSignal | undefined;
}

/** Option value as GET /menu/categories returns it. */
export interface RemoteOptionValue {
  uid: string;
  ext_id?: string;
  name?: string;
  short_name?: string;
  price_operator?: string;
  price_operand?: number;
  hidden?: boolean;
  checked_default?: boolean;
  position?: number;
  subrestaurant_uids?: string[];
}

export interface RemoteOption {
  uid: string;
  ext_id?: string;
  name?: string;
  short_name?: string;
  type?: string;
  min_selectable?: number;
  max_selectable?: number;
  max_quantity?: number;
  note?: string;
  hidden?: boolean;
  position?: number;
  primary?: boolean;
  first_default?: boolean;
  show_caption?: boolean;
  print_caption?: boolean;
  subrestaurant_uids?: string[];
  option_values?: RemoteOptionValue[];
}

export interface RemoteCategory {
  uid: string;
  ext_id?: string;
  name?: string;
  description?: string;
  image?: string;
  products_count?: number;
  url?: string;
  hidden?: boolean;
  position?: number;
  subrestaurant_uids?: string[];
  options?: RemoteOption[];
}

export interface ListCategoriesQuery {
  /** 0 = all categories including hidden ones (use for read-back), 1 = visible only. Default 1. */
  visible?: 0 | 1;
  q?: string;
  pageSize?: number;
}

/** What one logical call cost: how many HTTP attempts, and whether the body may have been applied. */
export interface CallStats {
  attempts: number;
}

export interface ImportResult extends CallStats {
  success: true;
}

export interface ImportMenuOptions {
  /**
   * Called when an attempt's whole body has been handed to the operating system (the platform may
   * still be reading it), at most once per attempt; an attempt the platform answers early (a 413,
   * say) may call it late or not at all, so callers also watch the call itself. A caller that wants
   * to do CPU work while the platform stores a big import starts it here: blocking the event loop
   * earlier stalls the upload itself, so the platform would start later.
   */
  onBodySent?: () => void;
}

export interface PlatformClient {
  importMenu(payload: ImportPayload, options?: ImportMenuOptions): Promise<ImportResult>;
  /** All pages. */
  listCategories(query?: ListCategoriesQuery): Promise<RemoteCategory[]>;
  /**
   * The whole stored menu, products included, as the menusync sandbox holds it (`GET /_sandbox/menu`);
   * the platform itself has no such endpoint and answers 404.
   */
  readSandboxMenu?(): Promise<unknown>;
  /**
   * Gets ready for the calls to come (fetches an OAuth token), so a caller can overlap that round
   * trip with its own work. Never fails: a problem shows, and is retried, on the call that needs it.
   */
  prepare?(): Promise<void>;
}
