import type { LoadedConfig } from '../config/load-config.js';
import type { StateStore } from '../state/store.js';
import type { QueueConnection } from '../worker/queue.js';
import type { ConsoleAuth } from './auth.js';
import type { FleetIndex } from './fleet-index.js';
import type { ConsoleMetrics } from './metrics.js';

/** What every request of the console works with; the edges (clock, log) are passed in. */
export interface ConsoleContext {
  store: StateStore;
  /** The state as given to --state (its password is never shown: store.location is). */
  stateUrl: string;
  /** Null without --config: the fleet is then the state's targets, and nothing can be approved. */
  loaded: LoadedConfig | null;
  /** The workers' queue when the state is PostgreSQL (queue depth, jobs in flight, workers). */
  queue: QueueConnection | null;
  index: FleetIndex;
  auth: ConsoleAuth;
  metrics: ConsoleMetrics;
  /** The path the console serves under: '' at the host's root, else e.g. `/menusync` (base-path.ts). */
  base: string;
  /** The key that signs and checks managers' links. */
  linkKey: string;
  now(): Date;
  /** One line for the console's log (stderr): approvals, rejections, login failures. */
  log(line: string): void;
}
