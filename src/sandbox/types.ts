import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { FaultSpec } from './faults.js';
import type { SandboxRequestLogEntry } from './http.js';
import type { StoredMenu } from './stored-menu.js';
import type { TamperResult, TamperSpec } from './tamper.js';

export type * from './stored-menu.js';
export type { SandboxRequestLogEntry } from './http.js';

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
