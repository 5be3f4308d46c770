import type { InputLimits } from '../../extract/input-limits.js';
import type { UpdateMode } from '../../model/import-payload.js';
import type { SettingNames } from '../../model/setting-names.js';
import type { GuardOptions } from '../../plan/types.js';
import type { AuthMode } from '../../platform/types.js';
import type { ConsoleConfig } from '../console-schema.js';
import type { TargetConfig } from '../schema.js';

/** A guard's allowance as given: a count (12, '12') or a share ('15%'). */
export type GivenAllowance = number | string;

/** The guards as a caller gives them, before they are parsed and checked. */
export interface GivenGuards {
  allowDeletes?: GivenAllowance;
  allowHiding?: GivenAllowance;
  allowPriceChanges?: GivenAllowance;
  allowErosion?: GivenAllowance;
  erosionDays?: number;
  allowEmpty?: boolean;
  /** Added to the config target's protect list. */
  protect?: string[];
}

/** Where the platform menu is and how to talk to it, as far as a caller gives it. */
export interface GivenConnection {
  baseUrl?: string;
  clientId?: string;
  /** The secret itself (the library; the CLI takes it from MENUSYNC_CLIENT_SECRET or a file). */
  clientSecret?: string;
  clientSecretFile?: string;
  auth?: AuthMode;
  maxAttempts?: number;
  maxRetryTimeSeconds?: number;
  timeoutSeconds?: number;
}

/**
 * The settings of a run as one source gives them (the CLI from its flags, the library from its
 * options), in domain names; every key may be absent. resolveSettings puts them over the config
 * target, the config's defaults, the environment and the built-in defaults.
 */
export interface GivenSettings {
  /** The config file to read (else ./menusync.config.yaml when present). */
  configFile?: string;
  /** The config target to run. */
  target?: string;
  mapping?: string;
  inputs?: string[];
  /** Over the config target's params. */
  params?: Record<string, string>;
  encoding?: string;
  /** The run's date for scheduled sale prices; absent: the clock at extraction. */
  now?: Date;
  /** A state folder or a postgres:// URL. */
  state?: string;
  posUid?: string;
  mode?: 'auto' | UpdateMode;
  guards?: GivenGuards;
  connection?: GivenConnection;
  limits?: Partial<InputLimits>;
  maxPayloadBytes?: number;
  keepRuns?: number;
}

/** The connection resolved: every number in range, the base URL checked and normalised. */
export interface ConnectionSettings {
  baseUrl?: string;
  clientId?: string;
  /** Given, or MENUSYNC_CLIENT_SECRET; a clientSecretFile wins over it. */
  clientSecret?: string;
  /** Read only when the run signs in (platform-options.ts), so an offline plan never needs it. */
  clientSecretFile?: string;
  auth: AuthMode;
  maxAttempts: number;
  maxRetryTimeSeconds: number;
  timeoutSeconds: number;
}

/** One run's settings, resolved once (resolve.ts); the core reads nothing else. */
export interface RunSettings {
  targetName?: string;
  /** The target is the config file's only one, taken without being named. */
  soleTarget?: boolean;
  /** The config target, paths made absolute; {} without a config. */
  config: TargetConfig;
  /** The config's `console:`: a blocked run's webhook carries the manager's signed link to it. */
  console?: ConsoleConfig;
  mapping?: string;
  inputs: string[];
  params: Record<string, string>;
  /** Overrides the mapping's and the detected encoding of every input. */
  encoding?: string;
  /** The run's date for scheduled sale prices; absent: the clock at extraction. */
  now?: Date;
  /** The config's folder for each parameter the config target sets (files it names stay inside). */
  paramDirs: Record<string, string>;
  limits: Partial<InputLimits>;
  /**
   * Where the state is kept (resolveStateSpec): a folder, relative to the working directory or
   * absolute, or a postgres:// URL. Only for openStateStore: messages name store.location.
   */
  stateDir: string;
  posUid: string;
  mode: 'auto' | UpdateMode;
  guards: GuardOptions;
  connection: ConnectionSettings;
  /** Largest request body; a bigger replace is sent in parts (split-payload.ts). */
  maxPayloadBytes: number;
  /** Run folders kept in the state. */
  keepRuns: number;
  /** How the caller names each setting in messages (its flags, or the library's options). */
  names: SettingNames;
}
