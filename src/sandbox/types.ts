import type {
  ImportCategory,
  ImportOption,
  ImportOptionValue,
  ImportProduct,
} from '../model/import-payload.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { FaultSpec } from './faults.js';
import type { TamperResult, TamperSpec } from './tamper.js';

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export interface SandboxOptions {
  /** 0 (the default) picks an ephemeral port. */
  port?: number;
  host?: string;
  /** Path prefix every endpoint lives under, e.g. '/api', like the live platform's base address. */
  basePath?: string;
  clients?: SandboxClient[];
  /** Persist the menus as JSON here after each successful import; loaded at start. */
  dataFile?: string;
  tokenLifetimeSeconds?: number;
  maxImportBytes?: number;
  /** Holds every import this long (ms) before it is applied, so that runs of many workers overlap. */
  importDelayMs?: number;
}

/** Stored entities are the imported ones plus the uid the platform assigned. */
export type StoredOptionValue = ImportOptionValue & { uid: string };
export type StoredOption = Omit<ImportOption, 'option_values'> & {
  uid: string;
  option_values?: StoredOptionValue[];
};
export type StoredCategory = Omit<ImportCategory, 'options'> & { uid: string; options?: StoredOption[] };
export type StoredProduct = Omit<ImportProduct, 'options'> & { uid: string; options?: StoredOption[] };

export interface StoredMenu {
  categories: (StoredCategory & { products_count: number })[];
  products: StoredProduct[];
}

export interface SandboxRequestLogEntry {
  method: string;
  /** Full request path (with any base path), without the query string. */
  path: string;
  /** 0 when the sandbox answered nothing (reset or lost-after-apply faults). */
  status: number;
}

export interface SandboxHandle {
  /** Base URL including the base path, without a trailing slash. */
  url: string;
  close(): Promise<void>;
  injectFaults(faults: FaultSpec[]): void;
  clearFaults(): void;
  storedMenu(clientId: string): StoredMenu;
  /** The stored menu back in import shape (no uids), in stored order. */
  exportMenu(clientId: string): CanonicalMenu;
  readonly requests: SandboxRequestLogEntry[];
  importCount(clientId: string): number;
  /** The most imports of this client that were ever in flight at once (import-gauge.ts). */
  maxConcurrentImports(clientId: string): number;
  /** Changes a client's menu behind menusync's back (tamper.ts), as POST /_sandbox/tamper does. */
  tamper(clientId: string, spec: TamperSpec): TamperResult;
}

export const DEMO_CLIENT = { clientId: 'demo', clientSecret: 'demo-secret' } as const;
